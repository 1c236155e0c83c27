extension FileDescriptor {
    /// What is left to read here: how many bytes, and their SHA-256 (nil if it could not be computed).
    package func measure() throws -> (size: Int64, sha256: String?) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.copyChunkSize, alignment: 16)
        defer { buffer.deallocate() }
        let digest = SHA256()
        var total: Int64 = 0
        while true {
            let count = try read(into: buffer)
            if count == 0 { return (total, digest.finish()) }
            digest.update(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
            total += Int64(count)
        }
    }
}
