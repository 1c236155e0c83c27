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

    /// The token `command` prints, trimmed.
    public static func token(from command: String, environment: [String: String]) throws(CanvasSetupError) -> String {
        var pipeEnds: [Int32] = [0, 0]
        // Close-on-exec, so only the child's standard output (its dup2 copy) holds the write end.
        guard pipe(&pipeEnds) == 0, fcntl(pipeEnds[0], F_SETFD, FD_CLOEXEC) == 0, fcntl(pipeEnds[1], F_SETFD, FD_CLOEXEC) == 0 else {
            throw .tokenCommandFailed(command: command, reason: "can't start it: \(String(cString: strerror(errno)))")
        }
        let pid: pid_t
        do throws(CanvasSetupError) {
            pid = try spawn(command, output: pipeEnds[1], environment: environment)
        } catch {
            close(pipeEnds[0])
            close(pipeEnds[1])
            throw error
        }
        close(pipeEnds[1])
        let (output, overflowed) = readAll(pipeEnds[0])
        close(pipeEnds[0])
        try check(wait(for: pid), command: command)
        let token = String(decoding: output, as: UTF8.self).trimming(.whitespacesAndNewlines)
        if token.isEmpty { throw .tokenCommandFailed(command: command, reason: "it printed nothing") }
        if overflowed { throw .tokenCommandFailed(command: command, reason: "it printed over \(outputLimit / 1024) KB") }
        if token.contains(where: \.isNewline) { throw .tokenCommandFailed(command: command, reason: "it printed more than one line") }
        return token
    }

    private static func spawn(_ command: String, output: Int32, environment: [String: String]) throws(CanvasSetupError) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, output, STDOUT_FILENO)
        var passed = environment
        passed["CANVAS_TOKEN"] = nil
        switch Spawn.start("/bin/sh", ["sh", "-c", command], environment: passed, actions: &actions) {
        case let .success(pid):
            return pid
        case let .failure(failure):
            throw .tokenCommandFailed(command: command, reason: "can't start it: \(String(cString: strerror(failure.code)))")
        }
    }

    /// Everything the command prints, to its end so it never blocks on a full pipe; past
    /// `outputLimit`, only whether there was more.
    private static func readAll(_ descriptor: Int32) -> (output: [UInt8], overflowed: Bool) {
        var output: [UInt8] = []
        var overflowed = false
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return (output, overflowed) }
            let kept = min(count, max(0, outputLimit - output.count))
            output += buffer.prefix(kept)
            overflowed = overflowed || kept < count
        }
    }

    private static func wait(for pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return status
    }

    private static func check(_ status: Int32, command: String) throws(CanvasSetupError) {
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
