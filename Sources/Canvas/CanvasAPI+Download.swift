import CourseKit
import FileSystem
import FoundationEssentials
import HTTP
import TextBasics

extension CanvasAPI {
    /// A file store's refusal of an address that a fresh one from Canvas may cure (expired, or
    /// forgotten): 403, 404, 410, or 400 that says the signature expired.
    struct StoreRefusal: Error {
        var host: String
        var reason: String
    }

    /// Fills `request.part` with the job's file: one attempt, with at most one fresh address.
    func download(_ request: DownloadRequest) async throws {
        guard let plan = request.job.download else {
            throw CanvasDownloadError.refused(fileName: request.job.fileName, host: host, reason: "the job is not a download")
        }
        let name = request.job.files.first?.name ?? plan.fileID
        var address = plan.url
        var isFresh = false
        if address == nil {
            address = try await freshAddress(request.job, plan: plan, name: name)
            isFresh = true
        }
        while let current = address {
            do {
                try await download(from: current, request, plan: plan, name: name)
                return
            } catch let refusal as StoreRefusal {
                guard !isFresh else {
                    throw CanvasDownloadError.refused(fileName: name, host: refusal.host, reason: refusal.reason)
                }
                address = try await freshAddress(request.job, plan: plan, name: name)
                isFresh = true
            }
        }
    }

    /// Canvas's current address for the file, refusing a locked file, or one whose size
    /// changed since it was queued (its bytes would not be what the job expects).
    private func freshAddress(_ job: UploadJob, plan: UploadJob.Download, name: String) async throws -> URL {
        let file: CourseFile
        do {
            file = try await self.file(course: job.courseID, id: plan.fileID)
        } catch is FileNotFound {
            // Said for good: a deleted file won't come back by trying again.
            throw CanvasDownloadError.refused(fileName: name, host: host, reason: "the file is no longer in the course")
        }
        guard !file.isLocked, let url = file.downloadURL else {
            throw CanvasDownloadError.locked(fileName: name, reason: file.lockExplanation ?? "Canvas gives no address to download it from")
        }
        if let expected = plan.size, let now = file.size, now != expected {
            throw CanvasDownloadError.changedSinceQueued(fileName: name)
        }
        return url
    }

    /// One pass at `address`: learns the validator first when the part has none, then asks for
    /// the rest of the file and checks how many bytes the part holds.
    private func download(from address: URL, _ request: DownloadRequest, plan: UploadJob.Download, name: String) async throws {
        var validator = request.validator
        var have = Self.length(of: request.part)
        var target = address
        if have > 0, validator == nil {
            // Bytes of unknown origin can't be resumed safely: the file starts over.
            have = 0
        }
        if have == 0 {
            // The validator is remembered before the body's first byte is written, so a kill
            // mid-way leaves a part the next attempt resumes instead of starting over.
            if let probed = try await probe(address, name: name) {
                validator = probed.validator
                target = probed.url
                try await request.remember(validator)
                if probed.isEmpty {
                    try Self.truncate(request.part)
                    request.progress(0)
                    return
                }
            }
        }
        var headers: [String: String] = [:]
        if have > 0, let validator {
            headers["Range"] = "bytes=\(have)-"
            headers["If-Range"] = validator
        }
        let response: HTTPResponse
        let url: URL
        do {
            (response, url) = try await follow(HTTPRequest(url: target, headers: headers)) { hop in
                try await http.download(hop, request.part, have, request.progress)
            }
        } catch let error as HTTPDownloadError {
            switch error {
            case .wrongRange:
                // Bytes for another offset: the part can't be trusted to continue, so it starts over next time.
                Files.removeQuietly(request.part.path)
                throw error
            case let .cantWrite(path, _, code):
                // Said as the file system's error, so the queue tells a full disk from any other failure to write.
                throw FileSystemError(code: code, path: path)
            }
        }
        let announced: Int64?
        switch response.status {
        case 200:
            // The whole file, written from the first byte: the store ignored the range or its
            // file changed. Its validator is recorded only now, after the body; a kill before
            // this leaves a part labelled with the old one, whose If-Range then gets a 200 again
            // and starts over: slower, never wrong.
            let fresh = Self.validator(of: response)
            if fresh != validator || have > 0 {
                try await request.remember(fresh)
            }
            announced = response.header("Content-Length").flatMap { Int64($0.trimming(.whitespaces)) }
        case 206:
            // The HTTP client appends only a range that starts where the part ends, so this one did.
            announced = ContentRange(response.header("Content-Range"))?.total
        case 416 where plan.size == have:
            // The part already held the whole file: an earlier attempt ended before the rename.
            return
        case 416:
            // A part longer than the file is now: the next attempt starts over.
            Files.removeQuietly(request.part.path)
            logDownload(url, status: 416, detail: "bytes=\(have)- is past the end")
            throw CanvasError.unexpectedResponse(host: Self.displayHost(url))
        default:
            throw failure(response, url: url, name: name)
        }
        if let announced, let size = plan.size, announced < size {
            // The store's whole file is shorter than Canvas says: resuming would never reach the end.
            Files.removeQuietly(request.part.path)
            throw CanvasDownloadError.tooShort(fileName: name, expected: size, received: announced)
        }
        try checkLength(request.part, expected: plan.size ?? announced, name: name)
    }

    /// The part's length against the file's: longer is not this file (removed, permanent);
    /// shorter is a prefix to resume (kept, transient).
    private func checkLength(_ part: URL, expected: Int64?, name: String) throws {
        guard let expected else { return }
        let received = Self.length(of: part)
        if received > expected {
            Files.removeQuietly(part.path)
            throw CanvasDownloadError.tooLong(fileName: name, expected: expected, received: received)
        }
        if received < expected {
            throw CanvasDownloadError.incomplete(fileName: name, expected: expected, received: received)
        }
    }

    /// What a probe learned: the address that serves the bytes and their validator.
    struct Probe {
        var url: URL
        var validator: String?
        var isEmpty: Bool
    }

    /// Asks for the file's first byte only, to learn its validator (and the store's address)
    /// before any byte is written; nil when the store sends the whole file instead, which can't
    /// be resumed anyway.
    private func probe(_ address: URL, name: String) async throws -> Probe? {
        let response: HTTPResponse
        let url: URL
        do {
            (response, url) = try await follow(HTTPRequest(url: address, headers: ["Range": "bytes=0-0"])) { hop in
                try await http.send(hop)
            }
        } catch NetworkError.answerTooLarge {
            return nil
        }
        switch response.status {
        case 206:
            return Probe(url: url, validator: Self.validator(of: response), isEmpty: false)
        case 200:
            return nil
        case 416 where ContentRange(response.header("Content-Range"))?.total == 0:
            return Probe(url: url, validator: Self.validator(of: response), isEmpty: true)
        default:
            throw failure(response, url: url, name: name)
        }
    }

    /// Sends `request` with `exchange`, following redirects itself (at most `maxRedirects`):
    /// the token goes only to Canvas's origin, never to a file store, whichever way a redirect points.
    private func follow(
        _ request: HTTPRequest, _ exchange: (HTTPRequest) async throws -> HTTPResponse
    ) async throws -> (HTTPResponse, URL) {
        var current = request
        for _ in 0...Self.maxRedirects {
            var hop = current
            hop.headers["Authorization"] = isSameOrigin(hop.url) ? "Bearer \(credentials.token)" : nil
            let response = try await exchange(hop)
            guard [301, 302, 303, 307, 308].contains(response.status) else {
                return (response, current.url)
            }
            guard let location = response.header("Location"),
                  let target = URL(string: location, relativeTo: current.url)?.absoluteURL, WebOrigin(target) != nil else {
                logDownload(current.url, status: response.status, detail: "redirect without a usable Location")
                throw CanvasError.unexpectedResponse(host: Self.displayHost(current.url))
            }
            current.url = target
        }
        logDownload(current.url, status: 0, detail: "more than \(Self.maxRedirects) redirects")
        throw CanvasError.unexpectedResponse(host: Self.displayHost(current.url))
    }

    /// The error for an answer about file `name` that is neither the bytes nor a redirect; a
    /// file store's says the store's own words.
    private func failure(_ response: HTTPResponse, url: URL, name: String) -> any Error {
        let answeredBy = Self.displayHost(url)
        let reason = Self.reason(in: response)
        logDownload(url, status: response.status, detail: reason)
        if isSameOrigin(url) {
            if response.status == 401, Self.rejectsToken(response) {
                return CanvasError.invalidToken(host: host, source: credentials.source, renewal: credentials.renewal)
            }
            if isThrottled(response) {
                return CanvasError.throttled(host: host, retryAfter: RetryAfter.seconds(response.header("Retry-After"), now: clock.now()))
            }
        }
        switch response.status {
        case 401, 403, 404, 410:
            return StoreRefusal(host: answeredBy, reason: reason)
        case 400 where reason.containsIgnoringCase("expired"):
            return StoreRefusal(host: answeredBy, reason: reason)
        case 429:
            return CanvasError.throttled(host: answeredBy, retryAfter: RetryAfter.seconds(response.header("Retry-After"), now: clock.now()))
        default:
            guard !isSameOrigin(url) else { return CanvasError.server(host: answeredBy, status: response.status) }
            return CanvasDownloadError.storeFailed(fileName: name, host: answeredBy, status: response.status, reason: reason)
        }
    }

    /// Logs a download answer without the path and query, which are a signed capability.
    private func logDownload(_ url: URL, status: Int, detail: String) {
        analytics.track(AnalyticsEvent(name: "unexpected_response", properties: [
            "host": Self.displayHost(url), "path": "(download url)", "status": String(status), "detail": String(detail.prefix(500)),
        ]))
    }

    /// The server's own words for a refusal: S3's XML `<Message>`, Canvas's JSON messages, or
    /// a short plain text; else the status.
    static func reason(in response: HTTPResponse) -> String {
        let text = String(decoding: response.body.prefix(4096), as: UTF8.self)
        if let start = text.firstRange(of: "<Message>"), let end = text[start.upperBound...].firstRange(of: "</Message>") {
            let message = text[start.upperBound..<end.lowerBound].trimming(.whitespacesAndNewlines)
            if !message.isEmpty { return String(message.prefix(300)) }
        }
        if let message = CanvasErrorBody(response.body)?.messages.first(where: { $0.nonBlank != nil }) {
            return String(message.prefix(300))
        }
        let plain = response.header("Content-Type")?.lowercased().hasPrefix("text/plain") ?? false
        if plain, let line = text.split(whereSeparator: \.isNewline).first?.trimming(.whitespaces), !line.isEmpty {
            return String(line.prefix(300))
        }
        return "HTTP \(response.status)"
    }

    /// The `ETag`, else the `Last-Modified` date: what `If-Range` sends back.
    static func validator(of response: HTTPResponse) -> String? {
        response.header("ETag")?.nonBlank ?? response.header("Last-Modified")?.nonBlank
    }

    /// The host to name in a message about `url`: Canvas's as the user gave it, else the store's.
    static func displayHost(_ url: URL) -> String {
        WebOrigin(url)?.displayHost ?? url.host ?? "the file store"
    }

    /// How many bytes the part holds: 0 when there is none yet.
    static func length(of file: URL) -> Int64 {
        Files.size(of: file.path) ?? 0
    }

    /// Empties the part (or makes an empty one): the whole of an empty file.
    static func truncate(_ file: URL) throws {
        guard FileManager.default.createFile(atPath: file.path, contents: Data()) else {
            throw CocoaError(.fileWriteUnknown)
        }
    }
}
