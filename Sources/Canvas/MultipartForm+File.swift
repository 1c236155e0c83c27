import CourseKit
import FoundationEssentials
import HTTP

extension MultipartForm {
    /// The whole body: the fields and the file part's headers, `size` bytes of `payload`
    /// read straight from disk as it is sent, and the closing boundary.
    func body(payload: URL, size: Int64) -> UploadBody {
        UploadBody([.bytes(preamble), .file(payload, size: size), .bytes(epilogue)])
    }
}
