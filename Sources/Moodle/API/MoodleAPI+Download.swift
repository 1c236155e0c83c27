import CourseKit
import FileSystem
import FoundationEssentials
import HTTP
import TextBasics

#if canImport(Glibc)
import Glibc
#endif

extension MoodleAPI {
    /// Fills `request.part` with the job's file from `webservice/pluginfile.php`, the token in the
    /// address's query (the only way that script takes it), asked of the site's own origin only.
    ///
    /// Moodle answers a `Range` whatever `If-Range` says, so the part's validator (the file's
    /// `Etag`, its content hash) is compared here: a first-byte probe learns it before a byte is
    /// written, and a resumed part continues only while it is the same. A refusal comes as HTTP
    /// 200 with a JSON body, which is read as the error it is and never kept as the file.
    func download(_ request: DownloadRequest, freshFile: @Sendable (CourseID, String) async throws -> CourseFile) async throws {
        guard let plan = request.job.download else { throw MoodleDownloadError.gone(fileName: request.job.fileName) }
        let name = request.job.files.first?.name ?? plan.fileID
        var address = plan.url
        if address == nil {
            let file = try await freshFile(request.job.courseID, plan.fileID)
            guard !file.isLocked, let url = file.downloadURL else {
                throw MoodleDownloadError.locked(fileName: name, reason: file.lockExplanation ?? "Moodle gives no address to download it from")
            }
            if let expected = plan.size, let now = file.size, now != expected { throw MoodleDownloadError.changedSinceQueued(fileName: name) }
            address = url
        }
        guard let address, isSameOrigin(address) else {
            throw MoodleDownloadError.notOnSite(fileName: name, host: address.flatMap { WebOrigin($0)?.displayHost ?? $0.host } ?? "nowhere")
        }
        try await fetch(tokenURL(address), into: request, name: name)
    }

    /// `address` with the token added to its query.
    func tokenURL(_ address: URL) -> URL {
        guard var components = URLComponents(url: address, resolvingAgainstBaseURL: false) else { return address }
        components.queryItems = (components.queryItems ?? []).filter { $0.name != "token" } + [URLQueryItem(name: "token", value: credentials.token)]
        return components.url ?? address
    }

    private func fetch(_ url: URL, into request: DownloadRequest, name: String) async throws {
        var validator = request.validator
        var have = Files.size(of: request.part.path) ?? 0
        if have > 0, validator == nil { have = 0 }
        switch try await probe(url, name: name) {
        case let .whole(body, fresh):
            // A file Moodle serves without ranges (text) came whole with the probe.
            try await request.remember(fresh)
            try write(body, to: request.part)
            request.progress(Int64(body.count))
            return
        case let .validator(fresh):
            if have > 0, fresh != validator { have = 0 }
            if have == 0 {
                validator = fresh
                try await request.remember(fresh)
            }
        case .unknown:
            have = 0
        }
        let headers = have > 0 ? ["Range": "bytes=\(have)-"] : [:]
        let response: HTTPResponse
        do {
            response = try await http.download(HTTPRequest(url: url, headers: headers), request.part, have, request.progress)
        } catch let error as HTTPDownloadError {
            if case let .cantWrite(path, _, code) = error { throw FileSystemError(code: code, path: path) }
            Files.removeQuietly(request.part.path)
            throw error
        }
        try await check(response, part: request, validator: validator, name: name)
    }

    /// What the first byte's answer says of the file.
    private enum Probe {
        /// Its validator: the bytes are served in ranges.
        case validator(String?)
        /// The whole file came in place of one byte, and its validator.
        case whole(Data, String?)
        /// It is too large to have come whole, and says nothing of itself.
        case unknown
    }

    private func probe(_ url: URL, name: String) async throws -> Probe {
        let response: HTTPResponse
        do {
            response = try await http.send(HTTPRequest(url: url, headers: ["Range": "bytes=0-0"]))
        } catch NetworkError.answerTooLarge {
            return .unknown
        }
        switch response.status {
        case 206:
            return .validator(Self.validator(of: response))
        case 200:
            if let refusal = refusal(in: response.body, type: response.header("Content-Type"), name: name) { throw refusal }
            return .whole(response.body, Self.validator(of: response))
        default:
            throw failure(response, name: name)
        }
    }

    /// Checks the download's answer once its body is in the part.
    private func check(_ response: HTTPResponse, part request: DownloadRequest, validator: String?, name: String) async throws {
        switch response.status {
        case 200:
            // The whole file, from the first byte: the part holds Moodle's error instead when it refused.
            if let refusal = refusal(inFile: request.part, type: response.header("Content-Type"), name: name) {
                Files.removeQuietly(request.part.path)
                throw refusal
            }
            let fresh = Self.validator(of: response)
            if fresh != validator { try await request.remember(fresh) }
        case 206:
            // Moodle sends the range asked for even when the file changed since the part began.
            guard Self.validator(of: response) == validator else {
                Files.removeQuietly(request.part.path)
                throw MoodleDownloadError.changedWhileDownloading(fileName: name)
            }
        default:
            throw failure(response, name: name)
        }
    }

    /// The error for an answer that is neither the bytes nor a part of them.
    private func failure(_ response: HTTPResponse, name: String) -> any Error {
        if let refusal = refusal(in: response.body, type: response.header("Content-Type"), name: name) { return refusal }
        if response.status == 404 { return MoodleDownloadError.gone(fileName: name) }
        if response.status == 503 { return MoodleError.maintenance(host: host, retryAfter: RetryAfter.seconds(response.header("Retry-After"), now: clock.now())) }
        if MoodleAnswer.isWebPage(response) { return MoodleError.webPage(host: host) }
        return MoodleError.server(host: host, status: response.status)
    }

    /// The error a JSON answer in place of the file says, if it is one.
    private func refusal(in body: Data, type: String?, name: String) -> (any Error)? {
        guard type?.lowercased().contains("json") == true, let failure = MoodleException(body) else { return nil }
        switch failure.errorcode {
        case "filenotfound": return MoodleDownloadError.gone(fileName: name)
        case "requireloginerror": return MoodleDownloadError.locked(fileName: name, reason: MoodleText.plain(failure.message))
        default: return failure.error(host: host, function: "webservice/pluginfile.php", credentials: credentials)
        }
    }

    /// `refusal(in:)` for an answer written to `file`; a file too large to be an error is none.
    private func refusal(inFile file: URL, type: String?, name: String) -> (any Error)? {
        guard type?.lowercased().contains("json") == true, (Files.size(of: file.path) ?? .max) < 64 * 1024,
              let body = Files.contents(of: file.path, atMost: 64 * 1024) else { return nil }
        return refusal(in: body, type: type, name: name)
    }

    private func write(_ body: Data, to part: URL) throws {
        guard FileManager.default.createFile(atPath: part.path, contents: body) else {
            throw FileSystemError(code: EIO, path: part.path)
        }
    }

    /// Moodle's `Etag` (the content's hash), else its `Last-Modified`.
    static func validator(of response: HTTPResponse) -> String? {
        response.header("ETag")?.nonBlank ?? response.header("Last-Modified")?.nonBlank
    }
}
