import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// One program run to its end with no terminal: its wall time, its peak memory and how it exited.
struct ChildRun {
    var seconds: Double
    /// The most resident memory the program held at once (`ru_maxrss` from `wait4`).
    var peakMemory: Int
    var exitStatus: Int32
    /// What it wrote to standard error, for a run that failed.
    var errors: String

    /// Runs `executable` with `arguments` and `environment`, standard output discarded.
    ///
    /// The clock starts just before the spawn and stops when `wait4` reaps the program, so
    /// its start and its exit count, as a person waiting at a prompt meets them.
    static func run(_ executable: String, _ arguments: [String], environment: [String: String], errorsTo errorFile: String) throws -> ChildRun {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errorFile, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid = pid_t()
        let start = ContinuousClock.now
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        guard spawned == 0 else { throw BenchFailure(description: "can't start \(executable): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw BenchFailure(description: "lost \(executable): \(String(cString: strerror(errno)))") }
        }
        let elapsed = ContinuousClock.now - start
        let errors = (try? String(contentsOfFile: errorFile, encoding: .utf8)) ?? ""
        // The low seven bits are the signal that ended it, if one did; then the exit code.
        let exitStatus = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return ChildRun(seconds: milliseconds(elapsed) / 1000, peakMemory: Int(usage.ru_maxrss) * 1024, exitStatus: exitStatus, errors: errors)
    }
}
