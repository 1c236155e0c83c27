import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Reads an `UploadBody` front to back for libcurl, one buffer at a time, straight from its files.
struct BodyReader {
    private let parts: [UploadBody.Part]
    private var index = 0
    private var offset: Int64 = 0
    private var descriptor: Int32 = -1
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
        if descriptor >= 0 {
            Glibc.close(descriptor)
        }
        descriptor = -1
    }

    private mutating func advance() {
        close()
        index += 1
        offset = 0
    }

    private mutating func readFile(_ url: URL, size: Int64, into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        if descriptor < 0 {
            descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return fail(url, String(cString: strerror(errno))) }
            if offset > 0, lseek(descriptor, off_t(offset), SEEK_SET) < 0 {
                return fail(url, String(cString: strerror(errno)))
            }
        }
        let wanted = Int(min(Int64(buffer.count), size - offset))
        guard wanted > 0 else { return 0 }
        var count: Int
        repeat {
            count = Glibc.read(descriptor, buffer.baseAddress, wanted)
        } while count < 0 && errno == EINTR
        guard count >= 0 else { return fail(url, String(cString: strerror(errno))) }
        // A file shorter than announced would leave the request short of its Content-Length.
        guard count > 0 else { return fail(url, "the file is shorter than when it was queued") }
        offset += Int64(count)
        return count
    }

    private mutating func fail(_ url: URL, _ reason: String) -> Int? {
        failure = UploadBodyError(path: url.path, reason: reason)
        return nil
    }
}
