import CanvasJSON
import CourseKit
import FoundationEssentials
import HTTP

extension CanvasAPI {
    /// The fields of Canvas's file object that confirm an upload.
    struct UploadedFile: Decodable, Sendable {
        var id: CanvasID
        var size: Int64?
    }

    /// Step 3: confirms the upload and returns the file Canvas now lists.
    ///
    /// A 3xx must be followed with a GET carrying the token. A 201 means the upload is
    /// already complete; its `Location` is still read, as the docs advise, but if that
    /// read fails the file object in the 201 body is enough. The token only ever goes
    /// to Canvas's own origin.
    func confirmUpload(_ answer: FileStoreAnswer, ticket: UploadTicket) async throws -> UploadedFile {
        switch answer {
        case let .redirect(location):
            return try await fetchUploadedFile(at: location)
        case let .created(response):
            let inBody = uploadedFile(in: response.body)
            let location = response.header("Location").flatMap { URL(string: $0, relativeTo: ticket.uploadURL)?.absoluteURL }
            if let location, isSameOrigin(location) {
                do {
                    return try await fetchUploadedFile(at: location)
                } catch is CancellationError {
                    throw CancellationError()
                } catch {
                    guard let inBody else { throw error }
                    return inBody
                }
            }
            guard let inBody else {
                logFileStore(ticket, status: response.status, detail: "upload answer without a file object")
                throw CanvasError.unexpectedResponse(host: ticket.storeHost)
            }
            return inBody
        }
    }

    private func fetchUploadedFile(at url: URL) async throws -> UploadedFile {
        guard isSameOrigin(url) else {
            logUnexpected(url: url, status: 0, detail: "upload confirmation on another origin: \(url.host ?? "?")")
            // It would fail the same way every time, and only the user can choose the other address.
            throw CanvasUploadError.confirmationElsewhere(host: WebOrigin(url)?.displayHost ?? url.absoluteString)
        }
        var response = try await send(url, resource: .uploadedFile)
        response.body = Self.withoutJSONGuard(response.body)
        return try decode(UploadedFile.self, from: response, url: url)
    }

    private func uploadedFile(in body: Data) -> UploadedFile? {
        try? JSONDecoder().decode(UploadedFile.self, from: Self.withoutJSONGuard(body))
    }

    /// The body without the `while(1);` guard Canvas may put before JSON.
    static func withoutJSONGuard(_ body: Data) -> Data {
        let guardText = Data("while(1);".utf8)
        return body.starts(with: guardText) ? Data(body.dropFirst(guardText.count)) : body
    }
}
