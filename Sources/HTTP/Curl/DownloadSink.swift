import CCurl
import FileSystem
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// Where a download's body goes, decided once the status line and headers are in.
///
/// A `200` rewrites the file from its first byte, a `206` that starts where the caller resumes
/// appends there, and any other answer stays in memory for the caller to read, leaving the
/// file untouched (not even created). libcurl hands the body over 16 KB at a time; the pieces
/// gather in one buffer, allocated once, and go to the file with one `write(2)` a megabyte, so
/// memory stays flat whatever the size. Used on the engine's thread only.
final class DownloadSink {
    private enum Destination {
        case undecided
        case file(FileDescriptor)
        case memory
        case closed
    }

    /// The least time between two progress reports; a gigabyte arrives in thousands of writes.
    static let reportInterval = Duration.milliseconds(100)
    /// Bytes gathered before one write to the file.
    static let bufferSize = 1 << 20
    /// Bytes written between two requests to start writing them to the disk, so the fsync at the
    /// end waits for the last few megabytes rather than the whole file.
    static let writeBehind: Int64 = 8 << 20

    let path: String
    let resumeFrom: Int64
    private let progress: @Sendable (Int64) -> Void
    private var destination = Destination.undecided
    /// The file's length so far, counting what waits in the buffer.
    private var length: Int64 = 0
    private var buffer: UnsafeMutableRawBufferPointer?
    private var buffered = 0
    /// The file's length on the disk's side of `write(2)`.
    private var written: Int64 = 0
    /// Where the bytes not yet handed to the disk start.
    private var unsynced: Int64 = 0
    private var lastReport: ContinuousClock.Instant?
    private var reportedLength: Int64?
    /// Why the body could not go where it belongs, for the error the transfer ends with.
    private(set) var failure: HTTPDownloadError?

    init(path: String, resumeFrom: Int64, progress: @escaping @Sendable (Int64) -> Void) {
        self.path = path
        self.resumeFrom = resumeFrom
        self.progress = progress
    }

    deinit {
        close()
    }

    var isUndecided: Bool {
        if case .undecided = destination { return true }
        return false
    }

    /// True once the body goes to the file rather than to memory.
    var takesBody: Bool {
        if case .file = destination { return true }
        return false
    }

    /// Chooses where the body goes from the answer's status and `Content-Range`; false when
    /// the transfer must stop, with `failure` saying why.
    func decide(status: Int, contentRange: String?, host: String) -> Bool {
        switch status {
        case 200:
            return open(from: 0)
        case 206:
            guard let range = contentRange, Self.start(of: range) == resumeFrom else {
                failure = .wrongRange(host: host, resumeFrom: resumeFrom, contentRange: contentRange ?? "none")
                return false
            }
            return open(from: resumeFrom)
        default:
            destination = .memory
            return true
        }
    }

    /// Adds one piece of the body after what came before; false when the file refused it.
    func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let buffer, takesBody else { return false }
        if buffered + bytes.count > buffer.count, !flush() {
            return false
        }
        if bytes.count >= buffer.count {
            guard put(bytes) else { return false }
        } else if let source = bytes.baseAddress, let target = buffer.baseAddress {
            (target + buffered).copyMemory(from: source, byteCount: bytes.count)
            buffered += bytes.count
        }
        length += Int64(bytes.count)
        report(force: false)
        return true
    }

    /// Ends a transfer that succeeded: decides now for an empty body, then writes what is
    /// buffered and forces the file to the disk, as the caller renames it next.
    func finish(status: Int, contentRange: String?, host: String) throws {
        if isUndecided, !decide(status: status, contentRange: contentRange, host: host), let failure {
            throw failure
        }
        guard case let .file(file) = destination else { return }
        if flush() {
            do {
                try file.sync()
            } catch {
                fail(error)
            }
        }
        close()
        if let failure { throw failure }
        report(force: true)
    }

    /// Reports a length the last writes left unreported, once the interval has passed: a body
    /// that stalls after a burst still shows all it delivered. libcurl's progress callback calls it.
    func tick() {
        if takesBody, reportedLength != length {
            report(force: false)
        }
    }

    /// Writes what is buffered, so a transfer cut short leaves every byte it received for a
    /// resume, and closes the file; a write that fails here becomes `failure`.
    func close() {
        if case let .file(file) = destination {
            _ = flush()
            file.close()
            destination = .closed
        }
        buffer?.deallocate()
        buffer = nil
    }

    /// Writes the buffer to the file; false when the file refused it.
    private func flush() -> Bool {
        guard let buffer, buffered > 0 else { return true }
        let done = put(UnsafeRawBufferPointer(rebasing: buffer[0..<buffered]))
        buffered = 0
        return done
    }

    /// Writes `bytes` to the file now, and starts the disk on every few megabytes.
    private func put(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard case let .file(file) = destination, failure == nil else { return false }
        do {
            try file.write(all: bytes)
        } catch {
            fail(error)
            return false
        }
        written += Int64(bytes.count)
        if written - unsynced >= Self.writeBehind {
            // Only starts the writes; the fsync in `finish` is what guarantees them, so a failure here changes nothing.
            _ = cb_start_writeback(file.raw, unsynced, written - unsynced)
            unsynced = written
        }
        return true
    }

    /// Opens the file and cuts it to `offset`, so a stale tail from an earlier attempt never survives.
    ///
    /// A file shorter than `offset` is refused rather than padded with zeros. Something other
    /// than a regular file (a device, a pipe) can't be cut or resumed, only written from the start.
    private func open(from offset: Int64) -> Bool {
        let file: FileDescriptor
        do {
            file = try FileDescriptor.open(path, O_WRONLY | O_CREAT | O_NOFOLLOW, mode: 0o600)
        } catch {
            fail(error)
            return false
        }
        do {
            let status = try file.status()
            if status.st_mode & S_IFMT == S_IFREG {
                guard status.st_size >= offset else {
                    throw HTTPDownloadError.cantWrite(path: path, reason: "it holds fewer bytes than the download resumes from", code: EINVAL)
                }
                if ftruncate(file.raw, off_t(offset)) != 0 || lseek(file.raw, off_t(offset), SEEK_SET) < 0 {
                    throw FileSystemError.last(path)
                }
            } else if offset > 0 {
                throw HTTPDownloadError.cantWrite(path: path, reason: "it is not a regular file, so it can't be resumed", code: EINVAL)
            }
        } catch {
            file.close()
            fail(error)
            return false
        }
        destination = .file(file)
        buffer = .allocate(byteCount: Self.bufferSize, alignment: 16)
        (length, written, unsynced) = (offset, offset, offset)
        report(force: true)
        return true
    }

    private func fail(_ error: any Error) {
        guard failure == nil else { return }
        switch error {
        case let error as HTTPDownloadError:
            failure = error
        case let error as FileSystemError:
            failure = .cantWrite(path: path, reason: error.reason, code: error.code)
        default:
            failure = .cantWrite(path: path, reason: "\(error)", code: EIO)
        }
    }

    private func report(force: Bool) {
        let now = ContinuousClock.now
        if !force, let lastReport, now - lastReport < Self.reportInterval { return }
        lastReport = now
        reportedLength = length
        progress(length)
    }

    /// The first byte of a `Content-Range: bytes <first>-<last>/<total>` value, or nil when it is not one.
    static func start(of contentRange: String) -> Int64? {
        let parts = contentRange.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bytes",
              let dash = parts[1].firstIndex(of: "-") else { return nil }
        return Int64(parts[1][..<dash])
    }
}
