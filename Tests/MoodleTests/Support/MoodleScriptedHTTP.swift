import CourseKit
import Foundation
import HTTP
@testable import Moodle
import Synchronization
import TestSupport

/// An in-memory Moodle for transport tests: answers web service calls by `wsfunction` and
/// other requests by path, in order (the last answer repeating), and records every request.
/// A route added later for the same requests takes over from an earlier one.
final class MoodleScriptedHTTP: Sendable {
    /// One request as the client sent it.
    struct Sent: Sendable {
        enum Kind: Sendable, Equatable {
            case send, upload, download
        }

        var kind: Kind
        var request: HTTPRequest
        /// An upload's streamed body, read when it was sent.
        var uploaded: Data?
        /// Where a download was asked to continue the file from.
        var resumeFrom: Int64?

        var url: URL { request.url }

        /// The `wsfunction` of a web service call.
        var function: String? { query("wsfunction") }

        func query(_ name: String) -> String? {
            URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == name }?.value
        }

        /// The form-urlencoded body's pairs, in order.
        var form: [(String, String)] { formPairs(request.body) }

        /// The first value of form field `name`.
        func field(_ name: String) -> String? {
            form.first { $0.0 == name }?.1
        }

        /// The names of every form field, in order.
        var fieldNames: [String] { form.map(\.0) }

        /// The multipart form of an upload.
        var multipart: Multipart? {
            guard let uploaded, let type = request.headers["Content-Type"] else { return nil }
            return Multipart(uploaded, contentType: type)
        }
    }

    typealias Answer = @Sendable (Sent) async throws -> HTTPResponse

    private struct Route {
        var matches: @Sendable (Sent) -> Bool
        var answers: [Answer]
    }

    private struct State {
        var routes: [Route] = []
        var sent: [Sent] = []
    }

    private let state = Mutex(State())

    /// Answers web service calls of `function`, one answer per call, the last repeating.
    func on(_ function: String, _ answers: Answer...) {
        add({ $0.function == function }, answers)
    }

    /// Answers web service calls of `function` with `answers` in turn, the last repeating.
    func on(_ function: String, answers: [Answer]) {
        add({ $0.function == function }, answers)
    }

    /// Answers web service calls of `function` with these JSON bodies, one per call, the last repeating.
    func on(_ function: String, json bodies: String...) {
        add({ $0.function == function }, bodies.map { body in { _ in .json(body) } })
    }

    /// Answers requests (any kind) whose path contains `fragment` and that are no web service call.
    func on(path fragment: String, _ answers: Answer...) {
        add({ $0.function == nil && $0.url.path.contains(fragment) }, answers)
    }

    private func add(_ matches: @escaping @Sendable (Sent) -> Bool, _ answers: [Answer]) {
        state.withLock { $0.routes.append(Route(matches: matches, answers: answers)) }
    }

    /// Every request so far, in order.
    var requests: [Sent] { state.withLock { $0.sent } }

    /// The web service calls of `function` so far.
    func calls(_ function: String) -> [Sent] {
        requests.filter { $0.function == function }
    }

    /// The functions called so far, in order.
    var functions: [String] { requests.compactMap(\.function) }

    var client: HTTPClient {
        HTTPClient(
            send: { request in try await self.answer(Sent(kind: .send, request: request)) },
            upload: { request, body, progress in
                let data = try body.joined()
                progress(Int64(data.count))
                return try await self.answer(Sent(kind: .upload, request: request, uploaded: data))
            },
            download: { request, file, resumeFrom, progress in
                let response = try await self.answer(Sent(kind: .download, request: request, resumeFrom: resumeFrom))
                switch response.status {
                case 200:
                    try response.body.write(to: file)
                case 206:
                    let start = response.header("Content-Range").flatMap(Self.rangeStart) ?? -1
                    guard start == resumeFrom else {
                        throw HTTPDownloadError.wrongRange(host: request.url.host ?? "?", resumeFrom: resumeFrom, contentRange: response.header("Content-Range") ?? "")
                    }
                    var existing = (try? Data(contentsOf: file)) ?? Data()
                    existing = existing.prefix(Int(resumeFrom))
                    existing.append(response.body)
                    try existing.write(to: file)
                default:
                    return response
                }
                progress(Int64((try? Data(contentsOf: file).count) ?? 0))
                return HTTPResponse(status: response.status, headers: response.headers, body: Data())
            }
        )
    }

    /// `bytes 100-999/1000` as 100.
    private static func rangeStart(_ header: String) -> Int64? {
        guard let range = header.split(separator: " ").last, let start = range.split(separator: "-").first else { return nil }
        return Int64(start)
    }

    private func answer(_ sent: Sent) async throws -> HTTPResponse {
        let answer: Answer? = state.withLock { state in
            state.sent.append(sent)
            guard let index = state.routes.lastIndex(where: { $0.matches(sent) }) else { return nil }
            let answers = state.routes[index].answers
            if answers.count > 1 {
                state.routes[index].answers.removeFirst()
            }
            return answers.first
        }
        guard let answer else { throw NetworkError.unreachable(host: "unscripted \(sent.function ?? sent.url.path)") }
        return try await answer(sent)
    }
}

extension HTTPResponse {
    /// A web service answer: JSON with HTTP 200, as Moodle sends errors too.
    static func json(_ text: String, status: Int = 200, headers: [String: String] = [:]) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "application/json; charset=utf-8"].merging(headers) { _, new in new }, body: Data(text.utf8))
    }

    static func text(_ text: String, status: Int = 200, headers: [String: String] = [:]) -> HTTPResponse {
        HTTPResponse(status: status, headers: headers, body: Data(text.utf8))
    }
}

extension UploadBody {
    /// Every part's bytes, files read as the client would read them.
    func joined() throws -> Data {
        var data = Data()
        for part in parts {
            switch part {
            case let .bytes(bytes): data.append(bytes)
            case let .file(url, size): data.append(try Data(contentsOf: url).prefix(Int(size)))
            }
        }
        return data
    }
}

/// The name-value pairs of a form-urlencoded body, in order.
func formPairs(_ body: Data?) -> [(String, String)] {
    let text = String(decoding: body ?? Data(), as: UTF8.self)
    guard !text.isEmpty else { return [] }
    return text.split(separator: "&").map { pair in
        let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map { String($0).removingPercentEncoding ?? String($0) }
        return (parts[0], parts.count > 1 ? parts[1] : "")
    }
}

/// A parsed multipart/form-data body.
struct Multipart {
    struct Part {
        var headers: [String: String]
        var body: Data

        var name: String? { parameter("name") }
        var fileName: String? { parameter("filename") }
        var text: String { String(decoding: body, as: UTF8.self) }

        private func parameter(_ key: String) -> String? {
            guard let disposition = headers["content-disposition"] else { return nil }
            for piece in disposition.components(separatedBy: "; ") where piece.hasPrefix("\(key)=\"") {
                return String(piece.dropFirst(key.count + 2).dropLast())
            }
            return nil
        }
    }

    var parts: [Part] = []

    /// The value of text field `name`.
    func field(_ name: String) -> String? {
        parts.first { $0.name == name && $0.fileName == nil }?.text
    }

    /// The names of the text fields, in order.
    var fieldNames: [String] { parts.filter { $0.fileName == nil }.compactMap(\.name) }

    /// The file parts.
    var files: [Part] { parts.filter { $0.fileName != nil } }

    init?(_ data: Data, contentType: String) {
        guard let range = contentType.range(of: "boundary=") else { return nil }
        let boundary = String(contentType[range.upperBound...])
        let body = Data(data)
        let delimiter = Data("--\(boundary)".utf8)
        let separator = Data("\r\n--\(boundary)".utf8)
        guard body.starts(with: delimiter) else { return nil }
        var position = delimiter.count
        while true {
            let rest = body[position...]
            if rest.starts(with: Data("--\r\n".utf8)) { return }
            guard rest.starts(with: Data("\r\n".utf8)) else { return nil }
            position += 2
            guard let headerEnd = body.range(of: Data("\r\n\r\n".utf8), in: position..<body.count) else { return nil }
            var headers: [String: String] = [:]
            for line in String(decoding: body[position..<headerEnd.lowerBound], as: UTF8.self).components(separatedBy: "\r\n") {
                let pair = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                if pair.count == 2 { headers[pair[0].lowercased()] = pair[1] }
            }
            guard let bodyEnd = body.range(of: separator, in: headerEnd.upperBound..<body.count) else { return nil }
            parts.append(Part(headers: headers, body: Data(body[headerEnd.upperBound..<bodyEnd.lowerBound])))
            position = bodyEnd.upperBound
        }
    }
}
