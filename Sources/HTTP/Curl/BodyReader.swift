import FileSystem
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// Reads an `UploadBody` front to back for libcurl, one buffer at a time, straight from its files.
///
/// A file part with an expected SHA-256 is hashed as it is read, and its last bytes are
/// handed over only once the digest matches, so a changed file is never received whole.
struct BodyReader {
    private let parts: [UploadBody.Part]
    private let expectedSHA256: [String: String]
    /// Whether libcurl may move back to send bytes again; never for a request sent at most once.
    private let isRewindable: Bool
    private var index = 0
    private var offset: Int64 = 0
    private var descriptor: FileDescriptor?
    /// The digest of the current file part's bytes `0..<hashed`, when the part has one to match.
    /// Hashed as libcurl reads, on its thread: libcrypto's SHA-256 outruns any network, and a
    /// second thread would only copy every buffer and, on a loopback upload, take a core from
    /// the other end.
    private var hasher: SHA256?
    private var hashed: Int64 = 0
    /// Why the last read failed, for the error the transfer ends with: an `UploadBodyError`,
    /// or a `DigestMismatch`.
    private(set) var failure: (any Error)?

    init(_ body: UploadBody, isRewindable: Bool = true) {
        parts = body.parts
        expectedSHA256 = body.expectedSHA256
        self.isRewindable = isRewindable
    }

    /// Fills `buffer` with the next bytes; 0 at the end; nil when a file can't be read.
    mutating func read(into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        while index < parts.count {
            switch parts[index] {
            case let .bytes(data):
                let count = min(buffer.count, data.count - Int(offset))
                if count > 0 {
                    let start = data.startIndex + Int(offset)
                    data.copyBytes(to: buffer.bindMemory(to: UInt8.self), from: start..<start + count)
                    offset += Int64(count)
                    return count
                }
            case let .file(url, size):
                guard let count = readFile(url, size: size, sha256: expectedSHA256[url.path], into: buffer) else { return nil }
                if count > 0 { return count }
            }
            advance()
        }
        return 0
    }

    /// Moves to `position` from the start of the body, for a transfer libcurl sends again;
    /// false, without moving, when the body may be sent only once.
    mutating func seek(to position: Int64) -> Bool {
        guard isRewindable else { return false }
        close()
        failure = nil
        var remaining = position
        for (partIndex, part) in parts.enumerated() {
            if remaining <= part.length {
                index = partIndex
                offset = remaining
                return true
            }
            remaining -= part.length
        }
        index = parts.count
        offset = 0
        return remaining == 0
    }

    /// Closes the current file; the next read of a file part starts its digest afresh.
    mutating func close() {
        descriptor?.close()
        descriptor = nil
        hasher = nil
        hashed = 0
    }

    private mutating func advance() {
        close()
        index += 1
        offset = 0
    }

    private mutating func readFile(_ url: URL, size: Int64, sha256: String?, into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        let wanted = Int(min(Int64(buffer.count), size - offset))
        // Without a digest to match, nothing needs the file once its bytes are all sent.
        guard wanted > 0 || sha256 != nil else { return 0 }
        let count: Int
        do {
            let file = try descriptor ?? opened(url)
            if let sha256 {
                // After a rewind into the middle of the file, the bytes before the new position
                // still count: hash them again before going on, using the buffer as scratch.
                let digest = hasher ?? SHA256()
                hasher = digest
                try file.read(from: hashed, to: offset, scratch: buffer) { digest.update($0) }
                hashed = max(hashed, offset)
                if wanted == 0 {
                    try check(digest, against: sha256, url)
                    return 0
                }
            }
            count = try file.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<wanted]))
            if count > 0, let sha256, let hasher {
                hasher.update(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
                hashed += Int64(count)
                if offset + Int64(count) == size { try check(hasher, against: sha256, url) }
            }
        } catch let mismatch as DigestMismatch {
            failure = mismatch
            return nil
        } catch let error as FileSystemError {
            return fail(url, error.reason)
        } catch {
            return fail(url, "\(error)")
        }
        // A file shorter than announced would leave the request short of its Content-Length.
        guard count > 0 else { return fail(url, "the file is shorter than when it was queued") }
        offset += Int64(count)
        return count
    }

    /// Throws when the file's bytes, all hashed now, are not the ones expected.
    private func check(_ digest: SHA256, against expected: String, _ url: URL) throws {
        if digest.finish() != expected { throw DigestMismatch(path: url.path) }
    }

    /// Opens the file of the current part at `offset`, where a resumed transfer picks up.
    private mutating func opened(_ url: URL) throws -> FileDescriptor {
        let file = try FileDescriptor.open(url.path, O_RDONLY)
        descriptor = file
        if offset > 0, lseek(file.raw, off_t(offset), SEEK_SET) < 0 {
            throw FileSystemError.last(url.path)
        }
        return file
    }

    private mutating func fail(_ url: URL, _ reason: String) -> Int? {
        failure = UploadBodyError(path: url.path, reason: reason)
        return nil
    }
}
