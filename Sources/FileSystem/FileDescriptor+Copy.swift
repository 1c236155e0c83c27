#if canImport(Glibc)
import Glibc
#endif

extension FileDescriptor {
    /// Bytes moved per read and write: large enough for disk speed, small enough to keep memory flat.
    package static let copyChunkSize = 1 << 20

    /// Reads everything left here a chunk at a time, handing each chunk to `body`; returns the byte count.
    ///
    /// Throws `CancellationError` as soon as `isCancelled` says so between chunks.
    @discardableResult
    package func readChunks(isCancelled: () -> Bool = { false }, _ body: (UnsafeRawBufferPointer) throws -> Void) throws -> Int64 {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.copyChunkSize, alignment: 16)
        defer { buffer.deallocate() }
        var total: Int64 = 0
        while true {
            if isCancelled() { throw CancellationError() }
            let count = try read(into: buffer)
            if count == 0 { return total }
            try body(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
            total += Int64(count)
        }
    }

    /// Copies everything left to read here into `destination`, reporting the running total
    /// and, to `digest`, every byte copied.
    ///
    /// A failure names the file it happened on, so a caller can tell a source it can't read
    /// from a destination it can't write.
    @discardableResult
    package func copy(
        to destination: FileDescriptor,
        digest: SHA256? = nil,
        isCancelled: () -> Bool = { false },
        progress: (Int64) -> Void = { _ in }
    ) throws -> Int64 {
        var total: Int64 = 0
        return try readChunks(isCancelled: isCancelled) { chunk in
            try destination.write(all: chunk)
            digest?.update(chunk)
            total += Int64(chunk.count)
            progress(total)
        }
    }

    /// What is left to read here: how many bytes, and their SHA-256.
    package func measure(isCancelled: () -> Bool = { false }) throws -> (size: Int64, sha256: String) {
        let digest = SHA256()
        let size = try readChunks(isCancelled: isCancelled) { digest.update($0) }
        return (size, digest.finish())
    }
}

extension FileDescriptor {
    /// Hands `body` the bytes from `start` up to `end`, read through `scratch` at their offsets,
    /// so where the next `read` starts is left alone; stops early at the end of the file.
    package func read(from start: Int64, to end: Int64, scratch: UnsafeMutableRawBufferPointer, _ body: (UnsafeRawBufferPointer) -> Void) throws {
        var position = start
        while position < end {
            let wanted = Int(min(Int64(scratch.count), end - position))
            let count = pread(raw, scratch.baseAddress, wanted, off_t(position))
            if count < 0 {
                if errno == EINTR { continue }
                throw FileSystemError.last(path)
            }
            if count == 0 { return }
            body(UnsafeRawBufferPointer(rebasing: scratch[0..<count]))
            position += Int64(count)
        }
    }
}
