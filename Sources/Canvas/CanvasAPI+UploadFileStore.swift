import CourseKit
import FoundationEssentials
import HTTP
import TextBasics

extension CanvasAPI {
    /// What the file store answered once it took the bytes.
    enum FileStoreAnswer: Sendable {
        /// 3xx: the upload is finished only after a GET of this address, with the token.
        case redirect(URL)
        /// 200 or 201: the upload is finished; the body and `Location` describe the file.
        case created(HTTPResponse)
    }

    /// Step 2: posts the signed form with the file as its last part, without the token.
    ///
    /// The payload is streamed from the queue's copy between the form's text parts;
    /// nothing is copied first, so a large file starts at once and memory stays flat.
    func sendToFileStore(
        _ ticket: UploadTicket, fileName: String, payload: URL, size: Int64, sha256: String?,
        progress: @escaping @Sendable (Int64) -> Void
    ) async throws -> FileStoreAnswer {
        let form = MultipartForm(
            fields: ticket.fields, fileField: ticket.fileField,
            fileName: fileName, fileContentType: Self.contentType(forFileName: fileName)
        )
        guard clock.now().timeIntervalSince(ticket.issuedAt) < Self.signatureLifetime else {
            throw CanvasUploadError.signatureExpired(host: ticket.storeHost)
        }
        let preamble = Int64(form.preamble.count)
        let request = HTTPRequest(method: "POST", url: ticket.uploadURL, headers: [
            "Content-Type": form.contentType, "Accept": "application/json",
        ])
        let response: HTTPResponse
        do {
            response = try await http.upload(request, form.body(payload: payload, size: size, sha256: sha256)) { sent in
                progress(min(max(sent - preamble, 0), size))
            }
        } catch is UploadBodyError {
            throw UploadError.payloadMissing(fileName: fileName)
        }
        return try fileStoreAnswer(response, ticket: ticket, fileName: fileName)
    }

    private func fileStoreAnswer(_ response: HTTPResponse, ticket: UploadTicket, fileName: String) throws -> FileStoreAnswer {
        switch response.status {
        case 301, 302, 303, 307, 308:
            guard let location = response.header("Location"),
                  let target = URL(string: location, relativeTo: ticket.uploadURL)?.absoluteURL else {
                logFileStore(ticket, status: response.status, detail: "redirect without a usable Location")
                throw CanvasError.unexpectedResponse(host: ticket.storeHost)
            }
            return .redirect(target)
        case 200, 201:
            return .created(response)
        default:
            break
        }
        let text = String(decoding: response.body.prefix(2048), as: UTF8.self)
        logFileStore(ticket, status: response.status, detail: text)
        if [400, 403].contains(response.status), text.containsIgnoringCase("expired") {
            throw CanvasUploadError.signatureExpired(host: ticket.storeHost)
        }
        if Self.isTooLarge(response) {
            throw CanvasUploadError.tooLarge(fileName: fileName)
        }
        if (500..<600).contains(response.status) {
            throw CanvasError.server(host: ticket.storeHost, status: response.status)
        }
        if response.status == 429 {
            throw CanvasError.throttled(host: ticket.storeHost, retryAfter: RetryAfter.seconds(response.header("Retry-After"), now: clock.now()))
        }
        throw CanvasUploadError.rejected(host: ticket.storeHost, status: response.status)
    }

    /// Logs a file store answer without its path, which is a one-time upload capability.
    func logFileStore(_ ticket: UploadTicket, status: Int, detail: String) {
        analytics.track(AnalyticsEvent(name: "unexpected_response", properties: [
            "host": ticket.storeHost, "path": "(upload_url)", "status": String(status), "detail": String(detail.prefix(500)),
        ]))
    }
}
