#if canImport(Glibc)
import Glibc
#endif

/// A control sequence the app itself sends to the terminal (a clipboard write, a notification).
enum TerminalSequence {
    /// Writes `sequence` to standard output at once, past curses, which doesn't know of it.
    static func write(_ sequence: String) {
        sequence.utf8CString.withUnsafeBufferPointer { bytes in
            _ = Glibc.write(STDOUT_FILENO, bytes.baseAddress, bytes.count - 1)
        }
    }
}
