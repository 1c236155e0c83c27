import FoundationEssentials

extension MultipartForm {
    /// The whole body: the fields and the file part's headers, `size` bytes of `payload`
    /// read straight from disk as it is sent, and the closing boundary.
    ///
    /// With `sha256`, the file is checked against it as it streams, and the upload stops
    /// before its end if the bytes changed.
    package func body(payload: URL, size: Int64, sha256: String? = nil) -> UploadBody {
        let expected = sha256.map { [payload.path: $0] } ?? [:]
        return UploadBody([.bytes(preamble), .file(payload, size: size), .bytes(epilogue)], expectedSHA256: expected)
    }
}
