import CourseKit
import FoundationEssentials
import TextBasics

#if canImport(Glibc)
import Glibc
#endif

/// Runs a command that prints the access token, as git runs a credential helper.
///
/// It runs through `/bin/sh -c` with the user's terminal as its input and error output, so a
/// password manager can ask for its passphrase and its own errors show; only its standard
/// output is read, and it is kept nowhere but in the token it becomes.
public enum TokenCommand {
    /// More than any token; what a command prints past this is read and dropped.
    static let outputLimit = 64 * 1024
    /// Long enough to type a passphrase into a password manager, short enough that a command
    /// that never ends doesn't hang a start, or `drain` in cron, for good.
    public static let timeLimit = Duration.seconds(120)

    /// The token `command` prints, trimmed.
    public static func token(from command: String, environment: [String: String], timeLimit: Duration = timeLimit) throws(SetupError) -> String {
        var pipeEnds: [Int32] = [0, 0]
        // Close-on-exec, so only the child's standard output (its dup2 copy) holds the write end.
        guard pipe(&pipeEnds) == 0, fcntl(pipeEnds[0], F_SETFD, FD_CLOEXEC) == 0, fcntl(pipeEnds[1], F_SETFD, FD_CLOEXEC) == 0 else {
            throw .tokenCommandFailed(command: command, reason: "can't start it: \(String(cString: strerror(errno)))")
        }
        let pid: pid_t
        do throws(SetupError) {
            pid = try spawn(command, output: pipeEnds[1], environment: environment)
        } catch {
            close(pipeEnds[0])
            close(pipeEnds[1])
            throw error
        }
        close(pipeEnds[1])
        defer { close(pipeEnds[0]) }
        let (output, overflowed, status) = try collect(pipeEnds[0], until: pid, command: command, timeLimit: timeLimit)
        try check(status, command: command)
        let token = String(decoding: output, as: UTF8.self).trimming(.whitespacesAndNewlines)
        if token.isEmpty { throw .tokenCommandFailed(command: command, reason: "it printed nothing") }
        if overflowed { throw .tokenCommandFailed(command: command, reason: "it printed over \(outputLimit / 1024) KB") }
        if token.contains(where: \.isNewline) { throw .tokenCommandFailed(command: command, reason: "it printed more than one line") }
        return token
    }

    private static func spawn(_ command: String, output: Int32, environment: [String: String]) throws(SetupError) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, output, STDOUT_FILENO)
        var passed = environment
        passed["CANVAS_TOKEN"] = nil
        passed["MOODLE_TOKEN"] = nil
        switch Spawn.start("/bin/sh", ["sh", "-c", command], environment: passed, actions: &actions) {
        case let .success(pid):
            return pid
        case let .failure(failure):
            throw .tokenCommandFailed(command: command, reason: "can't start it: \(String(cString: strerror(failure.code)))")
        }
    }

    /// What the command prints until it ends: until it exits, not until the pipe closes, as
    /// a child it left running in the background may hold the pipe open. Past `outputLimit`,
    /// only whether there was more; past `timeLimit`, it is stopped.
    private static func collect(
        _ descriptor: Int32, until pid: pid_t, command: String, timeLimit: Duration
    ) throws(SetupError) -> (output: [UInt8], overflowed: Bool, status: Int32) {
        var reader = Reader(descriptor: descriptor)
        let deadline = ContinuousClock.now + timeLimit
        var status: Int32 = 0
        while true {
            reader.wait(milliseconds: 100)
            if waitpid(pid, &status, WNOHANG) == pid {
                // What it wrote before it ended is in the pipe already.
                reader.drain()
                return (reader.output, reader.overflowed, status)
            }
            if ContinuousClock.now >= deadline {
                kill(pid, SIGTERM)
                while waitpid(pid, &status, 0) < 0, errno == EINTR {}
                throw .tokenCommandFailed(command: command, reason: "it gave no token within \(timeLimit.components.seconds) s")
            }
        }
    }

    /// The read end of the command's output.
    private struct Reader {
        let descriptor: Int32
        var output: [UInt8] = []
        var overflowed = false
        var isOpen = true

        /// Reads what arrives within `milliseconds`, if anything; after the end, just waits.
        mutating func wait(milliseconds: Int32) {
            guard isOpen else {
                usleep(UInt32(milliseconds) * 1000)
                return
            }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            if poll(&poller, 1, milliseconds) > 0 {
                readOnce()
            }
        }

        /// Reads whatever is left without waiting for more.
        mutating func drain() {
            guard isOpen else { return }
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            while isOpen, readOnce() {}
        }

        /// One read; false when nothing came (the end, or nothing yet).
        @discardableResult
        mutating func readOnce() -> Bool {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { isOpen = false }
            guard count > 0 else { return false }
            let kept = min(count, max(0, outputLimit - output.count))
            output += buffer.prefix(kept)
            overflowed = overflowed || kept < count
            return true
        }
    }

    private static func check(_ status: Int32, command: String) throws(SetupError) {
        let signal = status & 0x7F
        if signal != 0 {
            throw .tokenCommandFailed(command: command, reason: "it was stopped by signal \(signal)")
        }
        let code = (status >> 8) & 0xFF
        guard code == 0 else {
            throw .tokenCommandFailed(command: command, reason: code == 127 ? "command not found (exit status 127)" : "exit status \(code)")
        }
    }
}
