import FakeCanvasKit
import Foundation
import Glibc
import Testing

/// Running the app against a `FakeCanvasServer`, and watching screens that don't hold still.
extension TmuxSession {
    /// The upload queue's directory for this test: `--data-dir` in every launch and command.
    var dataDirectory: URL {
        directory.appendingPathComponent("data")
    }

    /// The file holding the server's token, written by the test so the token is never typed into the shell.
    var tokenFile: URL {
        directory.appendingPathComponent("canvas-token")
    }

    /// Starts the app on `server` with its token in a file (`--token-file`) and the test's queue (`--data-dir`).
    ///
    /// With `view`, the course list opens on that view, as if the user had left it there last time.
    func launchApp(canvas server: FakeCanvasServer, view: String? = nil, _ arguments: [String] = [], environment: [String: String] = [:]) throws {
        try Data((server.token + "\n").utf8).write(to: tokenFile)
        // Only the owner may read a token file; the app refuses any other.
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: tokenFile.path)
        if let view {
            try rememberView(view)
        }
        try launchApp(
            ["--canvas", server.baseURL.absoluteString, "--token-file", tokenFile.path, "--data-dir", dataDirectory.path]
                + arguments,
            environment: environment
        )
    }

    /// Writes the settings file so the next start opens the course list on `view` (`current`, `favorites`, `all`).
    func rememberView(_ view: String) throws {
        let config = directory.appendingPathComponent(".config/coursebrowser")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try Data(#"{"course_list_view": "\#(view)"}"#.utf8).write(to: config.appendingPathComponent("settings.json"))
    }

    /// Like `waitFor(box:_:where:)`, for a box whose title is `title` alone or `title · …` (a count,
    /// "1 failed"), so a test can follow "Uploads" as it becomes "Uploads · 1 · 1 failed".
    @discardableResult
    func waitFor(
        boxTitled title: String,
        _ expectation: String,
        timeout: Duration = patience,
        sourceLocation: SourceLocation = #_sourceLocation,
        where condition: (Box) -> Bool
    ) async throws -> Box {
        let screen = try await waitFor("box '\(title)…' with \(expectation)", timeout: timeout, sourceLocation: sourceLocation) {
            $0.box(titled: title).map(condition) ?? false
        }
        return try #require(screen.box(titled: title), sourceLocation: sourceLocation)
    }

    /// Polls single captures, settled or not, until `condition` holds, and returns that capture.
    ///
    /// For states that last about a second and animate meanwhile (a spinner with "retrying in 1s"):
    /// `waitFor` needs two identical captures in a row, which a spinner that moves every 100 ms
    /// may not give on a busy machine before the state is gone. A capture caught halfway through a
    /// redraw can only miss text, never show text that isn't drawn, so a `contains` check is safe.
    @discardableResult
    func glimpse(
        _ expectation: String,
        timeout: Duration = patience,
        sourceLocation: SourceLocation = #_sourceLocation,
        until condition: (Screen) -> Bool
    ) async throws -> Screen {
        let tmux = try #require(Command.which("tmux"), sourceLocation: sourceLocation)
        let socket = try format("#{socket_path}")
        let pane = try format("#{pane_id}")
        let width = try #require(Int(try format("#{pane_width}")), sourceLocation: sourceLocation)
        let environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "LANG": "C.UTF-8"]
        let deadline = ContinuousClock.now + timeout
        while true {
            let result = try await offThePool { try Command.run(tmux, ["-u", "-S", socket, "capture-pane", "-p", "-t", pane], environment: environment) }
            var text = result.stdout
            if text.hasSuffix("\n") {
                text.removeLast()
            }
            let screen = Screen(text, width: width)
            if result.status == 0, condition(screen) {
                return screen
            }
            guard ContinuousClock.now < deadline else {
                let seconds = Double(timeout.components.seconds)
                throw Timeout(expectation: expectation, seconds: seconds, screen: screen, sourceLocation: sourceLocation)
            }
            try await Task.sleep(for: .milliseconds(50))
        }
    }
}

extension Screen {
    /// The box titled `title` or `title · …`; "Course" never matches "Courses · 48".
    func box(titled title: String) -> Box? {
        boxes.first { $0.title == title || $0.title.hasPrefix(title + " · ") }
    }
}

/// The app's shell commands (`upload`, `queue`, `drain`) run without a terminal, as a script or cron would.
enum AppCommand {
    /// A clean environment with the server's token in `CANVAS_TOKEN`, as a user would export it.
    static func environment(token: String?, home: URL) -> [String: String] {
        var environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin",
            "LANG": "C.UTF-8",
            "HOME": home.path,
            "XDG_DATA_HOME": home.appendingPathComponent(".local/share").path,
        ]
        environment["CANVAS_TOKEN"] = token
        return environment
    }

    /// Runs `coursebrowser arguments…` to completion, with `input` as its standard input if given.
    static func run(_ arguments: [String], environment: [String: String], input: String? = nil) throws -> CommandResult {
        try Command.run(try AppBinary.path(), arguments, environment: environment, input: input)
    }

    /// Starts `coursebrowser arguments…` in the background with its output in `output`, and returns its process ID.
    ///
    /// A `sh` starts it with `&` and exits at once, so the app is nobody's child here and is reaped by init
    /// when it ends; stop it with `kill(pid, …)` and wait for it with `waitUntilGone`.
    static func start(_ arguments: [String], environment: [String: String], output: URL) throws -> pid_t {
        let line = ([try AppBinary.path()] + arguments).map(\.shellQuoted).joined(separator: " ")
        let result = try Command.run("/bin/sh", ["-c", "\(line) > \(output.path.shellQuoted) 2>&1 & echo $!"], environment: environment)
        guard result.status == 0, let pid = pid_t(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw Command.SpawnError(description: "could not start \(line) in the background: \(result.stderr)")
        }
        return pid
    }

    /// Waits until process `pid` is gone (or only a zombie).
    static func waitUntilGone(_ pid: pid_t, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        try await eventually("process \(pid) to end", sourceLocation: sourceLocation) {
            guard kill(pid, 0) == 0 else { return true }
            let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
            return stat.components(separatedBy: ") ").last?.hasPrefix("Z") ?? true
        }
    }
}

/// Polls the async `condition` every 100 ms until it holds (asking a server, say); after `timeout` throws `NeverHappened`.
func eventually(
    _ expectation: String,
    timeout: Duration = patience,
    sourceLocation: SourceLocation = #_sourceLocation,
    asking condition: () async throws -> Bool
) async throws {
    let deadline = ContinuousClock.now + timeout
    while try await !condition() {
        guard ContinuousClock.now < deadline else {
            throw NeverHappened(expectation: expectation, sourceLocation: sourceLocation)
        }
        try await Task.sleep(for: .milliseconds(100))
    }
}

/// Test files and their digests.
enum TestFile {
    /// Writes `size` random bytes to `url` and returns them.
    @discardableResult
    static func write(_ url: URL, size: Int) throws -> Data {
        let random = try #require(FileHandle(forReadingAtPath: "/dev/urandom"))
        defer { try? random.close() }
        var data = Data()
        while data.count < size {
            data.append(random.readData(ofLength: min(1 << 20, size - data.count)))
        }
        try data.write(to: url)
        return data
    }

    /// The file's SHA-256 in lowercase hex, from `sha256sum` (Foundation on Linux has no digest API).
    static func sha256(_ url: URL) throws -> String {
        let tool = try #require(Command.which("sha256sum"), "sha256sum is not installed")
        let result = try Command.run(tool, [url.path], environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"])
        guard result.status == 0, let digest = result.stdout.split(separator: " ").first else {
            throw Command.SpawnError(description: "sha256sum \(url.path) failed: \(result.stderr)")
        }
        return String(digest)
    }
}
