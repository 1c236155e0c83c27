import Foundation
import Testing

/// The real `coursebrowser` running in a bash shell inside a tmux server of its own.
///
/// Each session has its own server socket (`tmux -L`), temporary directory, `HOME` and
/// `XDG_DATA_HOME`, so tests run in parallel without seeing each other. Call `close()`
/// in a `defer` right after creating one: it kills the server and everything in it.
final class TmuxSession {
    /// Thrown when tmux itself is missing or refuses a command.
    struct TmuxError: Error, CustomStringConvertible {
        var description: String
    }

    /// Thrown when the screen never showed what a test waited for; names the wait and shows the last screen.
    struct Timeout: Error, CustomStringConvertible {
        var expectation: String
        var seconds: Double
        var screen: Screen
        var sourceLocation: SourceLocation

        var description: String {
            "Timed out after \(seconds) s at \(sourceLocation.fileName):\(sourceLocation.line) waiting for: "
                + "\(expectation). Last screen:\(screen)"
        }
    }

    /// The per-test directory: the shell's working directory and its `HOME`.
    let directory: URL
    /// The absolute path of the app under test.
    let appPath: String
    private let tmuxPath: String
    private let socketName: String
    /// The server's socket file; tmux leaves it behind when the server exits.
    private var socketPath: String?
    private let environment: [String: String]
    private var width: Int
    private static let target = "e2e"

    /// Starts a detached `width`×`height` tmux session running `bash --norc --noprofile` and waits for its prompt.
    init(width: Int = 120, height: Int = 40) async throws {
        guard let tmuxPath = Command.which("tmux") else {
            throw TmuxError(description: "tmux is not installed; the end-to-end tests drive the app through it")
        }
        self.tmuxPath = tmuxPath
        appPath = try AppBinary.path()
        let tag = UUID().uuidString.prefix(8).lowercased()
        socketName = "cb-e2e-\(tag)"
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("cb-\(tag)")
        let dataHome = directory.appendingPathComponent(".local/share")
        try FileManager.default.createDirectory(at: dataHome, withIntermediateDirectories: true)
        self.width = width
        // A clean environment: nothing from the test runner (LC_ALL, NO_COLOR, TMUX…) leaks in.
        // tmux adds TERM itself, as it would for a person.
        environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin",
            "LANG": "C.UTF-8",
            "HOME": directory.path,
            "XDG_DATA_HOME": dataHome.path,
            "PS1": "$ ",
            "HISTFILE": "",
        ]
        do {
            try tmux(
                "new-session", "-d", "-s", Self.target, "-x", "\(width)", "-y", "\(height)", "-c", directory.path,
                "bash", "--norc", "--noprofile"
            )
            socketPath = try format("#{socket_path}")
            // A shell, not the app, starting: on a loaded machine (the whole suite runs in
            // parallel, the queue's kill tests among it) that alone has taken over 30 s.
            try await waitFor("the shell prompt", timeout: .seconds(90)) { $0.lastNonBlankLine == "$" }
        } catch {
            close()
            throw error
        }
    }

    /// Kills the tmux server (and so the shell and the app), deletes its socket and the test's directory.
    func close() {
        _ = try? Command.run(tmuxPath, tmuxArguments(["kill-server"]), environment: environment)
        if let socketPath {
            unlink(socketPath)
        }
        // A process that got SIGHUP may still write a file for a moment, making one removal fail.
        for _ in 0..<20 {
            guard (try? FileManager.default.removeItem(at: directory)) == nil,
                  FileManager.default.fileExists(atPath: directory.path)
            else { return }
            usleep(50_000)
        }
    }

    // MARK: Typing

    /// Types `text` literally, without pressing Enter.
    func type(_ text: String) throws {
        try tmux("send-keys", "-t", Self.target, "-l", text)
    }

    /// Presses keys by tmux name: "Down", "Enter", "Escape", "BTab", "C-z", "j", "?"…
    func press(_ keys: String...) throws {
        try tmux(["send-keys", "-t", Self.target] + keys)
    }

    /// Types a shell command line and presses Enter.
    func run(_ commandLine: String) throws {
        try type(commandLine)
        try press("Enter")
    }

    /// The shell command line that starts the app with `arguments`, all quoted.
    func appCommand(_ arguments: [String] = []) -> String {
        ([appPath] + arguments).map(\.shellQuoted).joined(separator: " ")
    }

    /// Starts the app with `arguments`; when it ends the shell prints `exit=<status>`, which `waitForExit` reads.
    /// `environment` is set for the app alone, beside the session's own.
    func launchApp(_ arguments: [String] = [], environment: [String: String] = [:]) throws {
        let settings = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.shellQuoted) " }.joined()
        try run(settings + appCommand(arguments) + #"; echo "exit=$?""#)
    }

    // MARK: Reading the screen

    /// The pane as it is now, possibly halfway through a redraw: use `waitFor`, which only looks at
    /// settled screens. tmux runs on a thread of its own, so a test that polls the screen for long
    /// never holds one of the few threads every other test's tasks need.
    private func captureOffThePool() async throws -> Screen {
        let (path, arguments, environment, width) = (tmuxPath, tmuxArguments(["capture-pane", "-p", "-t", Self.target]), environment, width)
        let result = try await offThePool { try Command.run(path, arguments, environment: environment) }
        guard result.status == 0 else {
            throw TmuxError(description: "tmux capture-pane failed (\(result.status)): \(result.stderr)")
        }
        var text = result.stdout
        if text.hasSuffix("\n") {
            text.removeLast()
        }
        return Screen(text, width: width)
    }

    /// Polls the screen every 50 ms until it is settled (the same in two captures in a row, so
    /// not caught halfway through a redraw) and `condition` holds, and returns that screen;
    /// after `timeout` throws `Timeout` with `expectation` and the last screen.
    @discardableResult
    func waitFor(
        _ expectation: String,
        timeout: Duration = patience,
        sourceLocation: SourceLocation = #_sourceLocation,
        until condition: (Screen) -> Bool
    ) async throws -> Screen {
        let deadline = ContinuousClock.now + timeout
        var previous: String?
        while true {
            let screen = try await captureOffThePool()
            if screen.text == previous, condition(screen) {
                return screen
            }
            previous = screen.text
            guard ContinuousClock.now < deadline else {
                let seconds = Double(timeout.components.seconds)
                throw Timeout(expectation: expectation, seconds: seconds, screen: screen, sourceLocation: sourceLocation)
            }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// Waits until `text` is anywhere on screen.
    @discardableResult
    func waitFor(text: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> Screen {
        try await waitFor("'\(text)' on screen", sourceLocation: sourceLocation) { $0.contains(text) }
    }

    /// Waits until the box titled `title` exists and `condition` holds for it; returns the box.
    @discardableResult
    func waitFor(
        box title: String,
        _ expectation: String,
        timeout: Duration = patience,
        sourceLocation: SourceLocation = #_sourceLocation,
        where condition: (Box) -> Bool
    ) async throws -> Box {
        let screen = try await waitFor("box '\(title)' with \(expectation)", timeout: timeout, sourceLocation: sourceLocation) { screen in
            screen.box(title).map(condition) ?? false
        }
        return try #require(screen.box(title), sourceLocation: sourceLocation)
    }

    /// Waits for the `exit=<status>` line that `launchApp` prints after the app ends, and returns the status.
    func waitForExit(sourceLocation: SourceLocation = #_sourceLocation) async throws -> Int32 {
        let screen = try await waitFor("the app to exit", sourceLocation: sourceLocation) { $0.exitStatus != nil }
        return try #require(screen.exitStatus, sourceLocation: sourceLocation)
    }

    // MARK: The terminal and the process

    /// Resizes the tmux window, as a person dragging the terminal's corner would.
    func resize(width: Int, height: Int) throws {
        try tmux("resize-window", "-t", Self.target, "-x", "\(width)", "-y", "\(height)")
        self.width = width
    }

    /// A tmux format evaluated for the pane, e.g. `#{alternate_on}` or `#{cursor_flag}`.
    func format(_ format: String) throws -> String {
        try tmux("display-message", "-p", "-t", Self.target, format).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The process ID of the running app: the `coursebrowser` process descended from the pane's shell.
    func appProcessID(sourceLocation: SourceLocation = #_sourceLocation) throws -> pid_t {
        let shell = try #require(pid_t(try format("#{pane_pid}")), sourceLocation: sourceLocation)
        return try #require(appProcess(under: shell), "no coursebrowser process under the pane's shell \(shell)", sourceLocation: sourceLocation)
    }

    /// The running app's process ID, or nil while there is none: for waiting until one starts,
    /// which `appProcessID` would record as a failure.
    func runningAppProcessID() -> pid_t? {
        (try? format("#{pane_pid}")).flatMap { pid_t($0) }.flatMap(appProcess(under:))
    }

    private func appProcess(under shell: pid_t) -> pid_t? {
        let processes = ProcessTable.read()
        return processes.first { entry in
            entry.value.name == "coursebrowser" && ProcessTable.ancestors(of: entry.key, in: processes).contains(shell)
        }?.key
    }

    // MARK: tmux

    @discardableResult
    private func tmux(_ arguments: String...) throws -> CommandResult {
        try tmux(arguments)
    }

    @discardableResult
    private func tmux(_ arguments: [String]) throws -> CommandResult {
        let result = try Command.run(tmuxPath, tmuxArguments(arguments), environment: environment)
        guard result.status == 0 else {
            throw TmuxError(description: "tmux \(arguments.joined(separator: " ")) failed (\(result.status)): \(result.stderr)")
        }
        return result
    }

    /// Our own server socket, no config file, and UTF-8 output whatever the runner's locale.
    private func tmuxArguments(_ arguments: [String]) -> [String] {
        ["-u", "-f", "/dev/null", "-L", socketName] + arguments
    }
}

extension Screen {
    /// The status in the last `exit=<status>` line the shell printed, if any.
    var exitStatus: Int32? {
        lines.reversed().lazy.compactMap { line -> Int32? in
            guard line.hasPrefix("exit=") else { return nil }
            return Int32(line.dropFirst("exit=".count))
        }.first
    }
}
