import Dispatch

#if canImport(Glibc)
import Glibc
#endif

/// The messages a client writes to standard input, one per line, read on a thread of their own
/// so a blocking read never holds up an answer.
enum MessageLines {
    /// One line as it came, or how long one was that was too long to keep.
    enum Line: Sendable {
        case message([UInt8])
        /// A line longer than `longest` bytes: skipped to its end, never held whole.
        case tooLong(bytes: Int)
    }

    /// The longest line kept: far more than any request needs, and little enough memory.
    static let longest = 1 << 20

    /// The most lines read ahead of the one being answered: a client that writes faster than it
    /// is answered waits on its pipe instead of filling the server's memory.
    static let readAhead = 64

    /// The lines of a file descriptor until it ends or fails, read ahead by at most `readAhead`:
    /// the consumer says `took()` of each line it takes, which lets one more be read.
    final class Reader: Sendable {
        let lines: AsyncStream<Line>
        private let room = DispatchSemaphore(value: MessageLines.readAhead)

        init(_ descriptor: Int32 = STDIN_FILENO, longest: Int = MessageLines.longest) {
            let room = room
            lines = AsyncStream { continuation in
                DispatchQueue.global().async {
                    var splitter = Splitter(longest: longest)
                    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
                    while true {
                        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                        if count < 0, errno == EINTR { continue }
                        guard count > 0 else { break }
                        for line in splitter.take(buffer[..<count]) {
                            room.wait()
                            continuation.yield(line)
                        }
                    }
                    if let last = splitter.finish() { continuation.yield(last) }
                    continuation.finish()
                }
            }
        }

        /// A line was taken off `lines`: one more may be read.
        func took() {
            room.signal()
        }
    }

    /// Cuts bytes into lines at `\n`, a `\r` before it dropped, keeping at most `longest` of a line.
    struct Splitter {
        let longest: Int
        private var current: [UInt8] = []
        private var dropped = 0

        init(longest: Int) {
            self.longest = longest
        }

        /// The lines `bytes` end.
        mutating func take(_ bytes: ArraySlice<UInt8>) -> [Line] {
            var lines: [Line] = []
            var rest = bytes
            while let newline = rest.firstIndex(of: UInt8(ascii: "\n")) {
                add(rest[..<newline])
                lines.append(end())
                rest = rest[(newline + 1)...]
            }
            add(rest)
            return lines
        }

        /// The last line, when the input ended without a line break after it.
        mutating func finish() -> Line? {
            current.isEmpty && dropped == 0 ? nil : end()
        }

        private mutating func add(_ bytes: ArraySlice<UInt8>) {
            if dropped > 0 || current.count + bytes.count > longest {
                dropped += current.count + bytes.count
                current = []
            } else {
                current += bytes
            }
        }

        private mutating func end() -> Line {
            defer { (current, dropped) = ([], 0) }
            if dropped > 0 { return .tooLong(bytes: dropped) }
            if current.last == UInt8(ascii: "\r") { current.removeLast() }
            return .message(current)
        }
    }
}
