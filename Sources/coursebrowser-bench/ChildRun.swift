import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// One program run to its end with no terminal: its wall time, its peak memory and how it exited.
struct ChildRun {
    var seconds: Double
    /// The most resident memory the program held at once (its `VmHWM`, last read a millisecond or so before it exited).
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
        // The peak is read from the program's own high-water mark while it runs: `ru_maxrss`
        // would count the benchmark's memory too, since posix_spawn's child shares it until exec.
        var peak = 0
        while case let reaped = wait4(pid, &status, WNOHANG, &usage), reaped != pid {
            guard reaped == 0 || errno == EINTR else { throw BenchFailure(description: "lost \(executable): \(String(cString: strerror(errno)))") }
            peak = max(peak, highWaterMark(of: pid))
            usleep(1000)
        }
        let elapsed = ContinuousClock.now - start
        let errors = (try? String(contentsOfFile: errorFile, encoding: .utf8)) ?? ""
        // The low seven bits are the signal that ended it, if one did; then the exit code.
        let exitStatus = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return ChildRun(seconds: milliseconds(elapsed) / 1000, peakMemory: peak, exitStatus: exitStatus, errors: errors)
    }

    /// `VmHWM` of process `pid` in bytes, 0 once it is gone.
    static func highWaterMark(of pid: pid_t) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else { return 0 }
        return kilobytes * 1024
    }
}
