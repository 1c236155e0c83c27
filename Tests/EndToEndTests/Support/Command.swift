import Foundation
import Glibc

/// A finished child process: its exit status and everything it printed.
struct CommandResult {
    /// The exit status, or 128 + the signal number when a signal killed it (as shells report it).
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs helper programs such as tmux to completion with `posix_spawn`, outside Foundation's `Process`.
///
/// `Process` on Linux learns that a child exited when a socket it passes to the child closes;
/// `tmux new-session` leaves a server running that would keep that socket open, so
/// `waitUntilExit()` would hang for as long as the server lives. Here the child gets no
/// descriptor but stdin (/dev/null) and output files, an empty signal mask and default
/// signal handlers (the test runner's threads block signals, which a shell or the app
/// started under tmux must not inherit), and is reaped with `waitpid`.
enum Command {
    /// Why a program could not be started.
    struct SpawnError: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `executable` with `arguments` in exactly `environment`, and waits for it; `input`,
    /// if given, is its standard input (else /dev/null).
    static func run(_ executable: String, _ arguments: [String], environment: [String: String], input: String? = nil) throws -> CommandResult {
        let directory = FileManager.default.temporaryDirectory
        let name = "cb-\(UUID().uuidString)"
        let outPath = directory.appendingPathComponent("\(name).out").path
        let errPath = directory.appendingPathComponent("\(name).err").path
        let inPath = directory.appendingPathComponent("\(name).in").path
        defer {
            unlink(outPath)
            unlink(errPath)
            unlink(inPath)
        }
        if let input {
            guard FileManager.default.createFile(atPath: inPath, contents: Data(input.utf8), attributes: [.posixPermissions: 0o600]) else {
                throw SpawnError(description: "can't write the input for \(executable)")
            }
        }
        let pid = try spawn(executable, arguments, environment: environment, stdin: input == nil ? "/dev/null" : inPath, stdout: outPath, stderr: errPath)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw SpawnError(description: "waitpid failed: \(String(cString: strerror(errno)))") }
        }
        return CommandResult(status: decode(status), stdout: read(outPath), stderr: read(errPath))
    }

    /// The full path of `program` found on PATH, for tools such as tmux.
    static func which(_ program: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":")
            .map { "\($0)/\(program)" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    private static func spawn(
        _ executable: String,
        _ arguments: [String],
        environment: [String: String],
        stdin: String,
        stdout: String,
        stderr: String
    ) throws -> pid_t {
        try spawn(executable, arguments, environment: environment) { actions in
            posix_spawn_file_actions_addopen(&actions, 0, stdin, O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        }
    }

    /// Starts `executable` with its standard input and output on pipes and its standard error in
    /// the file `stderr`: the child, the end to write its input to, and the end to read its output from.
    static func spawnPiped(_ executable: String, _ arguments: [String], environment: [String: String], stderr: String) throws -> (pid: pid_t, input: Int32, output: Int32) {
        var input: [Int32] = [0, 0]
        var output: [Int32] = [0, 0]
        guard pipe(&input) == 0, pipe(&output) == 0 else {
            throw SpawnError(description: "can't make pipes: \(String(cString: strerror(errno)))")
        }
        // Not inherited by children started meanwhile from other tests; dup2 clears it on 0 and 1.
        for descriptor in input + output { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        let pid = try spawn(executable, arguments, environment: environment) { actions in
            posix_spawn_file_actions_adddup2(&actions, input[0], 0)
            posix_spawn_file_actions_adddup2(&actions, output[1], 1)
            posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        }
        close(input[0])
        close(output[1])
        return (pid, input[1], output[0])
    }

    /// Waits for child `pid` to end: its status as shells report it.
    static func wait(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return -1 }
        }
        return decode(status)
    }

    private static func spawn(
        _ executable: String, _ arguments: [String], environment: [String: String], descriptors: (inout posix_spawn_file_actions_t) -> Void
    ) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        descriptors(&actions)
        closeInheritedDescriptors(&actions)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var everySignal = sigset_t()
        sigemptyset(&everySignal)
        for signal in Int32(1)..<32 where signal != SIGKILL && signal != SIGSTOP {
            sigaddset(&everySignal, signal)
        }
        posix_spawnattr_setsigdefault(&attributes, &everySignal)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let error = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard error == 0 else {
            throw SpawnError(description: "can't start \(executable): \(String(cString: strerror(error)))")
        }
        return pid
    }

    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    /// Closes every descriptor above stderr in the child: with glibc's `addclosefrom_np` where it
    /// exists (2.34+, looked up at run time as Swift doesn't import it), else one by one.
    private static func closeInheritedDescriptors(_ actions: inout posix_spawn_file_actions_t) {
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") {
            _ = unsafeBitCast(symbol, to: AddCloseFrom.self)(&actions, 3)
            return
        }
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for descriptor in open.compactMap({ Int32($0) }) where descriptor > 2 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
    }

    private static func decode(_ status: Int32) -> Int32 {
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }

    private static func read(_ path: String) -> String {
        String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
    }
}

extension String {
    /// The string quoted for a POSIX shell: 'it'\''s'.
    var shellQuoted: String {
        "'" + replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
