import Dispatch
import Foundation

#if canImport(Glibc)
import Glibc
#endif

extension WebBrowser {
    /// `$BROWSER` if set (a `:`-separated list of commands, the first that starts wins; `%s`
    /// stands for the address, else it goes last), else `xdg-open` where there is a display
    /// (`DISPLAY` or `WAYLAND_DISPLAY`); over ssh without one, `.noDisplay`.
    ///
    /// The command runs in a session of its own with no terminal: its input and output are
    /// /dev/null and it can't open the app's terminal, so nothing it does reaches the screen
    /// the app draws (a terminal browser such as w3m fails, and says so). It gets the app's
    /// environment without the Canvas token. One that fails within a second is reported as failed.
    public static func live(environment: [String: String]) -> WebBrowser {
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        var childEnvironment = environment
        childEnvironment["CANVAS_TOKEN"] = nil
        let passed = childEnvironment
        return WebBrowser { url in
            if let browser = environment["BROWSER"]?.nonBlank {
                var failure = "BROWSER (\(browser)) could not be started"
                for entry in browser.split(separator: ":") {
                    var words = entry.split(separator: " ").map(String.init)
                    guard !words.isEmpty else { continue }
                    if words.contains(where: { $0.contains("%s") }) {
                        words = words.map { $0.replacingOccurrences(of: "%s", with: url.absoluteString) }
                    } else {
                        words.append(url.absoluteString)
                    }
                    switch await BrowserProcess.run(words, path: path, environment: passed) {
                    case .opened: return .opened
                    case let .failed(reason): failure = reason
                    case .noDisplay: break
                    }
                }
                return .failed(failure)
            }
            let hasDisplay = [environment["DISPLAY"], environment["WAYLAND_DISPLAY"]].contains { $0?.nonBlank != nil }
            guard hasDisplay else { return .noDisplay }
            let outcome = await BrowserProcess.run(["xdg-open", url.absoluteString], path: path, environment: passed)
            if case .failed = outcome, BrowserProcess.locate("xdg-open", path: path) == nil {
                return .failed("xdg-open could not be started (install xdg-utils)")
            }
            return outcome
        }
    }
}

/// A browser command started away from the app's terminal, and what became of it.
enum BrowserProcess {
    /// How long a command may take to fail before it counts as having opened the page.
    static let failureWindow: TimeInterval = 1

    /// glibc's `POSIX_SPAWN_SETSID`, which Swift's Glibc module doesn't bring in.
    private static let setSessionFlag: Int32 = 0x80

    /// Starts `words` (a program and its arguments) and waits up to `failureWindow` for it to fail.
    static func run(_ words: [String], path: String, environment: [String: String]) async -> WebBrowser.Outcome {
        guard let program = words.first, let executable = locate(program, path: path) else {
            return .failed("\(words.first ?? "the browser") is not installed")
        }
        guard let pid = await spawnRetryingWhileBusy(executable, words, environment: environment) else {
            return .failed("\(program) could not be started")
        }
        return await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .utility).async {
                var status: Int32 = 0
                let deadline = Date().addingTimeInterval(failureWindow)
                while Date() < deadline {
                    if waitpid(pid, &status, WNOHANG) == pid {
                        let code = (status >> 8) & 0xFF
                        continuation.resume(returning: (status & 0x7F) == 0 && code == 0 ? .opened : .failed("\(program) exited with status \(code)"))
                        return
                    }
                    usleep(50_000)
                }
                continuation.resume(returning: .opened)
                // Still running: a browser that stays open. Reap it whenever it ends.
                while waitpid(pid, &status, 0) < 0, errno == EINTR {}
            }
        }
    }

    /// `spawn`, tried again for a moment while the program's file is still open for writing
    /// somewhere (`ETXTBSY`: it is being installed, or another process has just written it).
    private static func spawnRetryingWhileBusy(_ executable: String, _ arguments: [String], environment: [String: String]) async -> pid_t? {
        for _ in 0..<20 {
            switch spawn(executable, arguments, environment: environment) {
            case let .success(pid): return pid
            case let .failure(error) where error.code == ETXTBSY: try? await Task.sleep(for: .milliseconds(25))
            case .failure: return nil
            }
        }
        return nil
    }

    /// Spawns `arguments` as `executable` in a new session with /dev/null for its input and
    /// output, no signals blocked or ignored, and `environment`; the `errno` when it can't start.
    private static func spawn(_ executable: String, _ arguments: [String], environment: [String: String]) -> Result<pid_t, SpawnError> {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor in Int32(0)...2 {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var all = sigset_t()
        sigfillset(&all)
        sigdelset(&all, SIGKILL)
        sigdelset(&all, SIGSTOP)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | setSessionFlag))
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let code = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        return code == 0 ? .success(pid) : .failure(SpawnError(code: code))
    }

    /// Why `posix_spawn` refused: its `errno`.
    struct SpawnError: Error, Equatable {
        var code: Int32
    }

    static func locate(_ program: String, path: String) -> String? {
        if program.contains("/") {
            return FileManager.default.isExecutableFile(atPath: program) ? program : nil
        }
        return path.split(separator: ":").map { "\($0)/\(program)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
