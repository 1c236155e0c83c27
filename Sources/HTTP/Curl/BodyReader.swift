import FileSystem
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// Reads an `UploadBody` front to back for libcurl, one buffer at a time, straight from its files.
struct BodyReader {
    private let parts: [UploadBody.Part]
    private var index = 0
    private var offset: Int64 = 0
    private var descriptor: FileDescriptor?
    /// Why the last read failed, for the error the transfer ends with.
    private(set) var failure: UploadBodyError?

    init(_ body: UploadBody) {
        parts = body.parts
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
                guard let count = readFile(url, size: size, into: buffer) else { return nil }
                if count > 0 { return count }
            }
            advance()
        }
        return 0
    }

    /// Moves to `position` from the start of the body, for a transfer libcurl sends again.
    mutating func seek(to position: Int64) -> Bool {
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

    mutating func close() {
        descriptor?.close()
        descriptor = nil
    }

    private mutating func advance() {
        close()
        index += 1
        offset = 0
    }

    private mutating func readFile(_ url: URL, size: Int64, into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        let wanted = Int(min(Int64(buffer.count), size - offset))
        guard wanted > 0 else { return 0 }
        let count: Int
        do {
            let file = try descriptor ?? opened(url)
            count = try file.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<wanted]))
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
