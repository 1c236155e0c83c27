import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// `posix_spawn` as every child of the app is started: with no signal blocked or ignored
/// (the app ignores and watches some, which a child must not inherit), in exactly the
/// environment given.
package enum Spawn {
    /// Starts `executable` with `arguments` (the first is its name) and the descriptors
    /// `actions` arranges; in a session of its own with `newSession`. Returns its process
    /// ID, or `posix_spawn`'s error number.
    package static func start(
        _ executable: String, _ arguments: [String], environment: [String: String],
        actions: inout posix_spawn_file_actions_t, newSession: Bool = false
    ) -> Result<pid_t, SpawnFailure> {
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
        let flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | (newSession ? setSessionFlag : 0)
        posix_spawnattr_setflags(&attributes, Int16(flags))
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let code = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        return code == 0 ? .success(pid) : .failure(SpawnFailure(code: code))
    }

    /// glibc's `POSIX_SPAWN_SETSID`, which Swift's Glibc module doesn't bring in.
    private static let setSessionFlag: Int32 = 0x80
}

/// Why `posix_spawn` refused: its error number.
package struct SpawnFailure: Error, Equatable {
    package var code: Int32
}
