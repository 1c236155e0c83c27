#if canImport(Glibc)
import Glibc
#endif

/// Standard output or standard error, written straight to the descriptor with no buffer in
/// between, as `FileHandle` wrote: for what a command prints when curses is not running.
package enum StandardStream {
    case output
    case error

    /// Writes all of `text`; a stream that is closed or full takes what it can.
    package func write(_ text: String) {
        let descriptor = self == .output ? STDOUT_FILENO : STDERR_FILENO
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written > 0 {
                bytes = bytes.dropFirst(written)
            } else if written < 0 && errno == EINTR {
                continue
            } else {
                return
            }
        }
    }
}
