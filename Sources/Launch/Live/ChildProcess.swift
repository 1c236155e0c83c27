import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// A program the app starts beside itself (a browser, `notify-send`), away from its terminal.
///
/// It runs in a session of its own with /dev/null for its input and output, so nothing it
/// reads or prints reaches the screen curses draws; it inherits no blocked or ignored
/// signals, and the app's environment without the Canvas token. It is reaped when it ends.
enum ChildProcess {
    /// What became of a child within the time it was watched.
    enum Outcome: Equatable {
        /// It is still running: a program that stays open, as a browser does.
        case running
        case exited(status: Int32)
        case killed(signal: Int32)
    }

    /// `environment` less what a child must never see.
    static func passedOn(_ environment: [String: String]) -> [String: String] {
        var passed = environment
        passed["CANVAS_TOKEN"] = nil
        return passed
    }

    /// The file `program` names: itself when it has a `/`, else the first executable on `path`.
    static func locate(_ program: String, path: String) -> String? {
        if program.contains("/") {
            return FileManager.default.isExecutableFile(atPath: program) ? program : nil
        }
        return path.split(separator: ":").map { "\($0)/\(program)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Starts `arguments` as `executable`; nil when it can't start. A program whose file is
    /// still open for writing somewhere (`ETXTBSY`: being installed, or just written) is tried
    /// again for a moment.
    static func start(_ executable: String, _ arguments: [String], environment: [String: String]) async -> pid_t? {
        for _ in 0..<20 {
            switch spawn(executable, arguments, environment: passedOn(environment)) {
            case let .success(pid): return pid
            case let .failure(error) where error.code == ETXTBSY: try? await Task.sleep(for: .milliseconds(25))
            case .failure: return nil
            }
        }
        return nil
    }

    /// Watches `pid` for up to `window` seconds; a child still running then is reaped in the
    /// background whenever it ends, so none is left a zombie.
    static func watch(_ pid: pid_t, for window: TimeInterval) async -> Outcome {
        let deadline = ContinuousClock.now + .milliseconds(Int(window * 1000))
        while true {
            // Checked once more after the deadline: a sleep that overran it must not count a
            // child that ended meanwhile as running.
            if let ended = reap(pid) { return ended }
            guard ContinuousClock.now < deadline else { break }
            try? await Task.sleep(for: .milliseconds(50))
        }
        Task.detached(priority: .background) {
            while reap(pid) == nil {
                try? await Task.sleep(for: .seconds(2))
            }
        }
        return .running
    }

    /// Starts a program nobody waits on, reaping it when it ends.
    static func launch(_ executable: String, _ arguments: [String], environment: [String: String]) {
        Task.detached(priority: .utility) {
            guard let pid = await start(executable, arguments, environment: environment) else { return }
            _ = await watch(pid, for: 0)
        }
    }

    /// How `pid` ended, if it has, without waiting.
    private static func reap(_ pid: pid_t) -> Outcome? {
        var status: Int32 = 0
        let reaped = waitpid(pid, &status, WNOHANG)
        // Already reaped, or not our child: nothing more will come of it.
        if reaped < 0 { return errno == EINTR ? nil : .exited(status: -1) }
        guard reaped == pid else { return nil }
        let signal = status & 0x7F
        return signal == 0 ? .exited(status: (status >> 8) & 0xFF) : .killed(signal: signal)
    }

    private static func spawn(_ executable: String, _ arguments: [String], environment: [String: String]) -> Result<pid_t, SpawnFailure> {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor in Int32(0)...2 {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        return Spawn.start(executable, arguments, environment: environment, actions: &actions, newSession: true)
    }
}
