import Foundation

extension MultipartForm {
    /// Writes the whole body to a new file at `destination` (owner-only), streaming
    /// `payload` in chunks so memory stays flat for any size; returns the body's size.
    ///
    /// On failure the partial file is removed. Blocking: call it through `Files.offload`.
    func write(payload: URL, to destination: URL, isCancelled: () -> Bool) throws -> Int64 {
        let source = try UploadTransport.Files.openForReading(payload)
        defer { UploadTransport.Files.close(source) }
        let output = try UploadTransport.Files.createExclusive(destination)
        var succeeded = false
        defer {
            UploadTransport.Files.close(output)
            if !succeeded { UploadTransport.Files.removeQuietly(destination) }
        }
        let head = preamble, tail = epilogue
        try UploadTransport.Files.write(head, to: output, path: destination)
        let copied = try UploadTransport.Files.copy(
            from: source, sourcePath: payload, to: output, destinationPath: destination,
            isCancelled: isCancelled, progress: { _ in }
        )
        try UploadTransport.Files.write(tail, to: output, path: destination)
        succeeded = true
        return Int64(head.count) + copied + Int64(tail.count)
    }
}
