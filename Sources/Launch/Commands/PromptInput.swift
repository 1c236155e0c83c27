import CourseKit
import FoundationEssentials
import TextBasics

#if canImport(Glibc)
import Glibc
#endif

/// Reads what `login` asks for, and `submit`'s yes or no: typed at the terminal, the secret
/// without echo, or read from standard input, one line each, when that is not a terminal.
@MainActor
struct PromptInput {
    /// Whether a person types the answers, and so sees prompts and hints.
    let isTerminal = isatty(STDIN_FILENO) != 0
    /// Standard input's lines, when it is not a terminal, read at the first question: a login
    /// that asks nothing leaves standard input alone (for its token command, say).
    private var piped: [String]?

    /// The next line, after `prompt` on the terminal; nil at the end of input.
    mutating func line(_ prompt: String, secret: Bool = false) -> String? {
        if !isTerminal {
            if piped == nil { piped = Self.readLines() }
            return piped?.isEmpty == false ? piped?.removeFirst() : nil
        }
        StandardStream.error.write(prompt)
        guard secret else { return Self.readTerminalLine() }
        let line = EchoOff.while { Self.readTerminalLine() }
        // The Enter that ended the line was not echoed either.
        StandardStream.error.write("\n")
        return line
    }

    /// Whether the answer to `question` is yes: `y` or `yes`, in any case; anything else, or
    /// the end of input, is no.
    mutating func confirm(_ question: String) -> Bool {
        guard let answer = line(question) else {
            // The line was never ended, so the shell's prompt would follow the question.
            StandardStream.error.write("\n")
            return false
        }
        return ["y", "yes"].contains(answer.trimming(.whitespaces).lowercased())
    }

    private static func readTerminalLine() -> String? {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let count = read(STDIN_FILENO, &byte, 1)
            if count < 0, errno == EINTR { continue }
            guard count == 1 else { return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
            if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
    }

    /// All of standard input, up to a limit far past a URL and a token, as lines.
    private static func readLines() -> [String] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while bytes.count < 64 * 1024 {
            let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += buffer.prefix(count)
        }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map {
            String($0.hasSuffix("\r") ? $0.dropLast() : $0)
        }
    }
}

/// Turns the terminal's echo off while a secret is typed, and back on however the typing
/// ends: Enter, end of input, or a signal such as Ctrl-C.
enum EchoOff {
    /// The terminal's settings before echo went off, for the signal handler to put back.
    nonisolated(unsafe) private static var saved = termios()

    /// Every signal whose default is to end the process, which would leave echo off, and
    /// Ctrl-Z: a login stopped with echo off would leave the shell showing nothing typed.
    private static let endings = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP, SIGALRM, SIGUSR1, SIGUSR2, SIGPIPE, SIGTTIN, SIGTTOU]

    @MainActor
    static func `while`<Result>(_ body: () -> Result) -> Result {
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return body() }
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO)
        let previous = endings.map { signalNumber in
            let old = signal(signalNumber, restoreAndEnd)
            // A signal ignored on entry (a background job's Ctrl-C) stays ignored.
            if isIgnore(old) { signal(signalNumber, SIG_IGN) }
            return old
        }
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet)
        defer {
            tcsetattr(STDIN_FILENO, TCSANOW, &saved)
            for (signalNumber, handler) in zip(endings, previous) {
                signal(signalNumber, handler)
            }
        }
        return body()
    }

    /// Whether `handler` is `SIG_IGN`; C's handlers are pointers, which Swift won't compare.
    private static func isIgnore(_ handler: __sighandler_t?) -> Bool {
        unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    /// Only async-signal-safe calls: this runs in a signal handler. What was typed of the
    /// secret is thrown away, or the shell would read it, and show it, once echo is back.
    fileprivate static func restoreTerminal() {
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
        _ = write(STDERR_FILENO, "\n", 1)
    }
}

/// Puts the terminal back, then ends as the signal would have, so a shell script that ran
/// `login` sees it end by that signal; Ctrl-Z ends it as Ctrl-C would.
private func restoreAndEnd(_ signalNumber: Int32) {
    EchoOff.restoreTerminal()
    let ending = signalNumber == SIGTSTP || signalNumber == SIGTTIN || signalNumber == SIGTTOU ? SIGINT : signalNumber
    signal(ending, SIG_DFL)
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    sigaddset(&unblocked, ending)
    sigprocmask(SIG_UNBLOCK, &unblocked, nil)
    raise(ending)
    _exit(128 + ending)
}
