#if canImport(Glibc)
import Glibc
#endif

/// Where the server's messages go: standard output, one message a line, written whole and one at
/// a time however many answers are ready at once; a reader that went away ends the writing.
actor MessageOutput {
    private let descriptor: Int32
    /// The reader closed its end (or the write failed): nothing more is written.
    private(set) var isClosed = false

    init(descriptor: Int32 = STDOUT_FILENO) {
        self.descriptor = descriptor
    }

    /// Writes `message` and a line break; false once the reader is gone.
    @discardableResult
    func send(_ message: PrettyJSON.Value) -> Bool {
        guard !isClosed else { return false }
        let line = QueueListing.escapingTerminalControls(PrettyJSON.line(message)) + "\n"
        var bytes = Array(line.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written > 0 {
                bytes = bytes.dropFirst(written)
            } else if written < 0, errno == EINTR {
                continue
            } else {
                isClosed = true
                return false
            }
        }
        return true
    }
}
