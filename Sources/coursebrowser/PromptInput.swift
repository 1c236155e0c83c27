import CourseKit
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// Reads what `login` asks for: typed at the terminal, the secret without echo, or read from
/// standard input, one line each, when that is not a terminal.
@MainActor
struct PromptInput {
    /// Standard input's lines, when it is not a terminal.
    private var piped: [String]?

    init() {
        piped = isatty(STDIN_FILENO) != 0 ? nil : Self.readLines()
    }

    /// Whether a person types the answers, and so sees prompts and hints.
    var isTerminal: Bool { piped == nil }

    /// The next line, after `prompt` on the terminal; nil at the end of input.
    mutating func line(_ prompt: String, secret: Bool = false) -> String? {
        if piped != nil {
            return piped?.isEmpty == false ? piped?.removeFirst() : nil
        }
        StandardStream.error.write(prompt)
        guard secret else { return Self.readTerminalLine() }
        let line = EchoOff.while { Self.readTerminalLine() }
        // The Enter that ended the line was not echoed either.
        StandardStream.error.write("\n")
        return line
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

    @MainActor
    static func `while`<Result>(_ body: () -> Result) -> Result {
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return body() }
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO)
        let signals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP]
        let previous = signals.map { signal($0, restoreAndDie) }
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet)
        defer {
            tcsetattr(STDIN_FILENO, TCSANOW, &saved)
            for (signalNumber, handler) in zip(signals, previous) {
                signal(signalNumber, handler)
            }
        }
        return body()
    }
}

/// Puts the terminal back and ends as the signal would have (Ctrl-Z ends the login too:
/// a stopped job with echo off would leave the shell unable to show what is typed).
private func restoreAndDie(_ signalNumber: Int32) {
    EchoOff.restoreTerminal()
    _exit(128 + signalNumber)
}

extension EchoOff {
    /// Only async-signal-safe calls: this runs in a signal handler.
    fileprivate static func restoreTerminal() {
        tcsetattr(STDIN_FILENO, TCSANOW, &saved)
        _ = write(STDERR_FILENO, "\n", 1)
    }
}
