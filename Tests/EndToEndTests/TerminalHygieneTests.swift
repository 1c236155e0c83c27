import Foundation
import Glibc
import Testing

/// However the app ends, the terminal is given back as it was: same `stty` settings,
/// main screen (not the alternate one), visible cursor, keypad and mouse modes off, shell prompt.
@Suite struct TerminalHygieneTests {
    /// A way for the app to end, and the exit status a shell then reports.
    enum Ending: String, CaseIterable, CustomTestStringConvertible {
        case quitKey, controlC, terminateSignal, segmentationFault, abort, busError

        var testDescription: String { rawValue }

        var expectedStatus: Int32 {
            switch self {
            case .quitKey, .controlC: return 0
            case .terminateSignal: return 128 + SIGTERM
            case .segmentationFault: return 128 + SIGSEGV
            case .abort: return 128 + SIGABRT
            case .busError: return 128 + SIGBUS
            }
        }

        /// The signal sent to end the app this way, if it is one.
        var signal: Int32? {
            switch self {
            case .quitKey, .controlC: return nil
            case .terminateSignal: return SIGTERM
            case .segmentationFault: return SIGSEGV
            case .abort: return SIGABRT
            case .busError: return SIGBUS
            }
        }
    }

    /// Records `stty -g` before and after running its arguments, then prints `exit=<status>`.
    ///
    /// A script and not the interactive shell itself, because bash puts back its own terminal
    /// settings after a job dies of a signal, which would hide a crash handler that didn't.
    static let wrapper = """
        ulimit -c 0
        stty -g > before.stty
        "$@"
        status=$?
        stty -g > after.stty
        echo "exit=$status"
        """

    /// The keypad's application mode (`ESC =`), the cursor keys' (`ESC [ ? 1 h`), and mouse
    /// reports, any and in SGR form, as tmux tells them.
    static let modes = "#{keypad_flag} #{keypad_cursor_flag} #{mouse_any_flag} #{mouse_sgr_flag}"

    @Test(arguments: Ending.allCases)
    func endingRestoresTheTerminal(_ ending: Ending) async throws {
        let tmux = try await TmuxSession()
        defer { tmux.close() }
        try Self.wrapper.write(to: tmux.directory.appendingPathComponent("wrap.sh"), atomically: true, encoding: .utf8)
        try tmux.run("sh wrap.sh " + tmux.appCommand(["--course", "10001"]))
        try await tmux.waitFor(box: "Course", "the UI up") { $0.contains("Introduction to Computer Science") }
        #expect(try tmux.format("#{alternate_on}") == "1")
        #expect(try tmux.format(Self.modes) == "1 1 1 1", "keypad and mouse modes on while it runs")

        if let signal = ending.signal {
            #expect(kill(try tmux.appProcessID(), signal) == 0)
        } else {
            try tmux.press(ending == .quitKey ? "q" : "C-c")
        }

        #expect(try await tmux.waitForExit() == ending.expectedStatus)
        let screen = try await tmux.waitFor("the shell prompt") { $0.lastNonBlankLine == "$" }
        #expect(screen.boxes.isEmpty, "the app's boxes are gone")
        #expect(screen.contains("$ sh wrap.sh"), "the shell's own screen is back")
        #expect(try tmux.format("#{alternate_on}") == "0", "left the alternate screen")
        #expect(try tmux.format("#{cursor_flag}") == "1", "the cursor is visible again")
        #expect(try tmux.format(Self.modes) == "0 0 0 0", "the keypad sends digits and the arrow keys ESC [ A again; no mouse reports")
        let before = try String(contentsOf: tmux.directory.appendingPathComponent("before.stty"), encoding: .utf8)
        let after = try String(contentsOf: tmux.directory.appendingPathComponent("after.stty"), encoding: .utf8)
        #expect(!before.isEmpty)
        #expect(after == before, "stty -g changed")
    }

    /// SIGKILL runs no handler, so a killed run leaves the terminal raw. The next run on that
    /// terminal gives back the modes the killed one found, not the raw ones it was handed.
    @Test func aRunAfterOneKilledWithSIGKILLLeavesTheModesFromBeforeBoth() async throws {
        let tmux = try await TmuxSession()
        defer { tmux.close() }
        let script = """
            ulimit -c 0
            stty -g > before.stty
            "$@"
            stty -g > killed.stty
            "$@"
            status=$?
            stty -g > after.stty
            echo "exit=$status"
            """
        try script.write(to: tmux.directory.appendingPathComponent("twice.sh"), atomically: true, encoding: .utf8)
        try tmux.run("sh twice.sh " + tmux.appCommand(["--course", "10001"]))
        try await tmux.waitFor(box: "Course", "the UI up") { $0.contains("Introduction to Computer Science") }
        // The process table is read as the shell starts the app, so it is asked until it names it.
        try await eventually("the first run's process found") { tmux.runningAppProcessID() != nil }
        let first = try #require(tmux.runningAppProcessID())
        #expect(kill(first, SIGKILL) == 0)
        try await eventually("the second run started") { tmux.runningAppProcessID().map { $0 != first } ?? false }
        try await tmux.waitFor(box: "Course", "the second run's UI up") { $0.contains("Introduction to Computer Science") }
        try tmux.press("q")
        #expect(try await tmux.waitForExit() == 0)
        let read = { (name: String) in try String(contentsOf: tmux.directory.appendingPathComponent(name), encoding: .utf8) }
        #expect(try read("killed.stty") != read("before.stty"), "the killed run left the modes as they were: this test shows nothing")
        #expect(try read("after.stty") == read("before.stty"), "stty -g changed")
    }

    @Test func suspendWithControlZAndResumeWithFgRedraws() async throws {
        let tmux = try await TmuxSession()
        defer { tmux.close() }
        try tmux.run("stty -g > before.stty")
        try tmux.run(tmux.appCommand(["--course", "10003"]))
        try await tmux.waitFor(box: "Course", "the course open") { $0.isFocused && $0.contains("Lập trình Swift cơ bản") }

        try tmux.press("C-z")
        let stopped = try await tmux.waitFor("the job stopped") { $0.contains("Stopped") && $0.lastNonBlankLine == "$" }
        #expect(stopped.boxes.isEmpty)
        #expect(try tmux.format("#{alternate_on}") == "0")
        #expect(try tmux.format("#{cursor_flag}") == "1")

        try tmux.run(#"fg; status=$?; stty -g > after.stty; echo "exit=$status""#)
        let resumed = try await tmux.waitFor("the whole UI redrawn") { screen in
            screen.boxes.map { $0.title.hasPrefix("Due") ? "Due" : $0.title } == ["Courses · Current · 43", "Course", "Due", "Queue"]
                && screen.box("Course")?.contains("Lập trình Swift cơ bản") == true
                && screen.lastNonBlankLine.hasPrefix(" Tab focus")
        }
        #expect(resumed.box("Course")?.isFocused == true)
        #expect(resumed.box("Queue")?.contains("Nothing queued") == true)
        #expect(!resumed.contains("Stopped"))

        try tmux.press("?")
        try await tmux.waitFor("keys to work after resuming") { $0.box("Keys") != nil }
        try tmux.press("q")
        #expect(try await tmux.waitForExit() == 0)
        let before = try String(contentsOf: tmux.directory.appendingPathComponent("before.stty"), encoding: .utf8)
        let after = try String(contentsOf: tmux.directory.appendingPathComponent("after.stty"), encoding: .utf8)
        #expect(after == before, "stty -g changed")
    }
}
