import CanvasJSON
import CourseKit
import FoundationEssentials
import HTTP
import TextBasics

extension CanvasAPI {
    /// The course folder uploads go to: one fixed folder, so a retry lands on the same
    /// path and `on_duplicate=overwrite` replaces the earlier copy instead of adding "file (1)".
    static let uploadFolder = "coursebrowser uploads"

    /// What step 1 returns: where and how to send the file's bytes.
    struct UploadTicket: Sendable {
        /// The file store's address (Canvas itself, S3 or another service).
        var uploadURL: URL
        /// The signed form fields, in the order Canvas gave them.
        var fields: [(name: String, value: String)]
        /// The form field that carries the file.
        var fileField: String
        /// When step 1 was sent, by the injected clock: the signature is valid for 30 minutes from about then.
        var issuedAt: Date

        var storeHost: String {
            WebOrigin(uploadURL)?.displayHost ?? uploadURL.absoluteString
        }
    }

    /// Step 1: tells Canvas about the file `name` of `size` bytes for `destination`, and gets a signed upload form for it.
    func requestUploadTicket(for name: String, size: Int64, to destination: UploadDestination) async throws -> UploadTicket {
        let url = url(destination.path)
        let form = [("name", name), ("size", String(size)), ("content_type", Self.contentType(forFileName: name))]
            + destination.extraFields
        let request = HTTPRequest(
            method: "POST", url: url,
            headers: ["Content-Type": "application/x-www-form-urlencoded"],
            body: Data(Self.formEncoded(form).utf8)
        )
        // Taken before asking, so the signature's age is never underestimated.
        let issuedAt = clock.now()
        let (response, _) = try await exchange(request)
        if Self.isTooLarge(response) {
            throw CanvasUploadError.tooLarge(fileName: name)
        }
        try check(response, url: url, resource: destination.resource)
        return try ticket(from: response, url: url, issuedAt: issuedAt)
    }

    private func ticket(from response: HTTPResponse, url: URL, issuedAt: Date) throws -> UploadTicket {
        guard let json = UploadJSON.parse(response.body) else {
            let detail = JSONSyntaxError.locate(in: response.body)?.description ?? "not JSON"
            logUnexpected(url: url, status: response.status, detail: "upload ticket: \(detail)")
            throw CanvasError.unexpectedResponse(host: host)
        }
        guard let address = json["upload_url"]?.string, let uploadURL = URL(string: address),
              ["http", "https"].contains(uploadURL.scheme?.lowercased() ?? ""), uploadURL.host != nil else {
            logUnexpected(url: url, status: response.status, detail: "upload ticket without a usable upload_url")
            throw CanvasError.unexpectedResponse(host: host)
        }
        var fields: [(name: String, value: String)] = []
        if case let .object(members)? = json["upload_params"] {
            for member in members {
                if case .null = member.value { continue }
                guard let value = member.value.formValue else {
                    logUnexpected(url: url, status: response.status, detail: "upload_params.\(member.key) is not text")
                    throw CanvasError.unexpectedResponse(host: host)
                }
                fields.append((member.key, value))
            }
        }
        let fileField = json["file_param"]?.string.flatMap(\.nonBlank) ?? "file"
        return UploadTicket(uploadURL: uploadURL, fields: fields, fileField: fileField, issuedAt: issuedAt)
    }

    /// `application/x-www-form-urlencoded` text: only unreserved characters stay as they are.
    static func formEncoded(_ pairs: [(String, String)]) -> String {
        FormEncoding.encode(pairs)
    }

    /// True for Canvas's "file size exceeds quota" and a file store's size limit (413, S3's EntityTooLarge).
    static func isTooLarge(_ response: HTTPResponse) -> Bool {
        if response.status == 413 { return true }
        guard [400, 403].contains(response.status) else { return false }
        let text = String(decoding: response.body.prefix(2048), as: UTF8.self).lowercased()
        return ["quota", "too large", "entitytoolarge", "exceeds the maximum allowed size"].contains { text.contains($0) }
    }
}
