import CNcurses
import Dispatch
import Glibc

/// Runs a `TerminalApplication` on the main queue until it quits or a signal ends it.
///
/// Keys, resizes and termination signals all arrive through Dispatch sources on
/// `.main`, so every curses call happens on the main thread and nothing blocks it.
@MainActor
public final class EventLoop {
    private let app: any TerminalApplication
    private let screen = CursesScreen()
    private var sources: [any DispatchSourceProtocol] = []
    private var redrawScheduled = false
    /// True while a batch of keys is handled; the batch ends with a frame of its own.
    private var readingInput = false
    /// Fires once, when the app said the screen would next change by itself; made on the first
    /// frame that asks for it, and set again after every frame.
    private var frameTimer: (any DispatchSourceTimer)?

    /// Runs once the terminal is handed back, just before the process exits: for work that
    /// must not be cut off, such as saved copies still being written.
    public var beforeExit: () -> Void = {}
    /// Runs first, before the terminal's modes are read: for putting back modes a killed run left.
    public var beforeStart: () -> Void = {}

    /// With `handover`, the app can lend the terminal to another program (`TerminalHandover`).
    public init(app: any TerminalApplication, handover: TerminalHandover? = nil) {
        self.app = app
        handover?.lend = { [weak self] body in
            guard let self else { return body() }
            self.lend(body)
        }
    }

    /// Takes over the terminal and never returns; the process exits when the app quits.
    /// With `mouse`, clicks and the wheel come to the app as keys.
    public func run(environment: [String: String], mouse: Bool = true) -> Never {
        beforeStart()
        CrashGuard.install()
        // The resize source must exist before initscr, or curses claims SIGWINCH for itself.
        watchResize()
        watchTermination()
        screen.start(environment: environment, mouse: mouse)
        watchInput()
        app.setNeedsDisplay = { [weak self] in self?.scheduleRedraw() }
        // The first frame is drawn before the queue runs anything the app has started, so
        // the panes show their progress at once rather than after the first loads' work.
        resize(drawingNow: true)
        dispatchMain()
    }

    private func watchInput() {
        let source = DispatchSource.makeReadSource(fileDescriptor: STDIN_FILENO, queue: .main)
        source.setEventHandler { [weak self] in
            MainActor.assumeIsolated { self?.readInput() }
        }
        source.resume()
        sources.append(source)
    }

    private func readInput() {
        readingInput = true
        defer { readingInput = false }
        for key in screen.readKeys() {
            if key == .control("z") {
                suspend()
                continue
            }
            if app.handle(key) == .quit {
                finish(status: 0)
            }
        }
        // Every key of the batch, and every change it caused, shows in one frame, drawn
        // before the next event rather than after a turn of the queue.
        redrawScheduled = false
        redraw()
    }

    private func watchResize() {
        let source = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: .main)
        source.setEventHandler { [weak self] in
            MainActor.assumeIsolated {
                self?.screen.refreshSize()
                self?.resize()
            }
        }
        source.resume()
        sources.append(source)
    }

    private func watchTermination() {
        for signalNumber in [SIGTERM, SIGHUP, SIGINT, SIGQUIT] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .main)
            source.setEventHandler { [weak self] in
                MainActor.assumeIsolated {
                    guard let self else { return }
                    self.finish(status: 128 + signalNumber)
                }
            }
            source.resume()
            sources.append(source)
        }
    }

    /// Sets the frame timer for when the app says the screen next changes by itself, or stops it
    /// when nothing on screen moves: an idle screen costs no wake-ups at all.
    private func scheduleNextFrame() {
        guard let delay = app.nextFrame else {
            frameTimer?.schedule(deadline: .distantFuture, repeating: .never)
            return
        }
        let timer = frameTimer ?? makeFrameTimer()
        // A spinner's frame may come a little late, never early: early, it would draw the same frame again.
        let nanoseconds = max(1_000_000, Int(delay.components.seconds) * 1_000_000_000 + Int(delay.components.attoseconds / 1_000_000_000))
        timer.schedule(deadline: .now() + .nanoseconds(nanoseconds), repeating: .never, leeway: .milliseconds(nanoseconds >= 1_000_000_000 ? 50 : 5))
    }

    private func makeFrameTimer() -> any DispatchSourceTimer {
        let timer = DispatchSource.makeTimerSource(queue: .main)
        timer.setEventHandler { [weak self] in
            MainActor.assumeIsolated { self?.scheduleRedraw() }
        }
        timer.schedule(deadline: .distantFuture, repeating: .never)
        timer.resume()
        frameTimer = timer
        sources.append(timer)
        return timer
    }

    /// Asks for one frame after whatever the main queue is doing now: however many keys,
    /// loads and ticks arrive meanwhile, they are drawn once.
    ///
    /// Changes made while keys are read need none: that batch ends with a frame.
    private func scheduleRedraw() {
        guard !redrawScheduled, !readingInput else { return }
        redrawScheduled = true
        DispatchQueue.main.async { [weak self] in
            MainActor.assumeIsolated {
                guard let self, self.redrawScheduled else { return }
                self.redrawScheduled = false
                self.redraw()
            }
        }
    }

    private func resize(drawingNow: Bool = false) {
        app.resize(width: screen.width, height: screen.height, glyphs: screen.glyphs)
        if drawingNow {
            redraw()
        } else {
            scheduleRedraw()
        }
    }

    private func redraw() {
        var grid = Grid(width: screen.width, height: screen.height, glyphs: screen.glyphs)
        app.render(into: &grid)
        screen.flush(grid)
        scheduleNextFrame()
    }

    /// Hands the terminal back, stops like any job on Ctrl-Z, and repaints after `fg`.
    private func suspend() {
        screen.stop()
        cb_suspend_process()
        screen.resume()
        // The window may have changed size while the job was stopped.
        resize()
    }

    /// Hands the terminal back while `body` runs a program on it, then repaints; Ctrl-Z stops
    /// the app with that program meanwhile, as `fg` brings both back, rather than curses
    /// drawing over it on its own.
    private func lend(_ body: () -> Void) {
        screen.stop()
        let stop = cb_default_stop_signal()
        body()
        cb_restore_stop_signal(stop)
        screen.resume()
        resize()
    }

    private func finish(status: Int32) -> Never {
        screen.stop()
        beforeExit()
        Glibc.exit(status)
    }
}
