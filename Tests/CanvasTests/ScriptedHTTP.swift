import Foundation
import Synchronization
@testable import Canvas
@testable import CanvasJSON
import CourseKit
import FakeCanvasKit
import HTTP
import TestSupport
import UploadQueue

/// An in-memory HTTP server for transport tests: answers by method and URL, in order,
/// and records every request, with the body file's bytes for uploads.
final class ScriptedHTTP: Sendable {
    struct Sent {
        var request: HTTPRequest
        /// The streamed body of an upload, read when it was sent.
        var uploadedBody: Data?
        /// The body as the client was given it: the parts it streams.
        var body: UploadBody?

        var isUpload: Bool { uploadedBody != nil }
        var authorization: String? {
            request.headers.first { $0.key.lowercased() == "authorization" }?.value
        }
    }

    typealias Answer = @Sendable (HTTPRequest) throws -> HTTPResponse

    private struct Route {
        var method: String
        var fragment: String
        var answers: [Answer]
    }

    private struct Log {
        var routes: [Route] = []
        var sent: [Sent] = []
    }

    private let log = Mutex(Log())
    private let steps = Mutex<[Double]>([0.25, 1])

    /// How upload progress is reported: fractions of the body, in order.
    var progressSteps: [Double] {
        get { steps.withLock { $0 } }
        set { steps.withLock { $0 = newValue } }
    }

    /// Answers `method` requests whose URL contains `fragment`, one answer per request, the last repeating.
    func on(_ method: String, _ fragment: String, _ answers: HTTPResponse...) {
        log.withLock { $0.routes.append(Route(method: method, fragment: fragment, answers: answers.map { answer in { _ in answer } })) }
    }

    /// Like `on`, with answers computed (or thrown) per request.
    func on(_ method: String, _ fragment: String, answering answers: Answer...) {
        log.withLock { $0.routes.append(Route(method: method, fragment: fragment, answers: answers)) }
    }

    var requests: [Sent] { log.withLock { $0.sent } }

    var client: HTTPClient {
        HTTPClient(
            send: { request in try self.answer(Sent(request: request)) },
            upload: { request, parts, progress in
                let body = try parts.joined()
                for step in self.progressSteps {
                    progress(Int64(Double(body.count) * step))
                }
                return try self.answer(Sent(request: request, uploadedBody: body, body: parts))
            }
        )
    }

    private func answer(_ entry: Sent) throws -> HTTPResponse {
        let answer: Answer? = log.withLock { log in
            log.sent.append(entry)
            guard let index = log.routes.firstIndex(where: { entry.request.method == $0.method && entry.request.url.absoluteString.contains($0.fragment) }) else {
                return nil
            }
            let answers = log.routes[index].answers
            if answers.count > 1 {
                log.routes[index].answers.removeFirst()
            }
            return answers[0]
        }
        guard let answer else { throw NetworkError.unreachable(host: entry.request.url.host ?? "?") }
        return try answer(entry.request)
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

extension HTTPResponse {
    static func text(_ text: String, status: Int = 200, headers: [String: String] = [:]) -> HTTPResponse {
        HTTPResponse(status: status, headers: headers, body: Data(text.utf8))
    }
}

/// A parsed multipart/form-data body.
struct ParsedMultipart {
    struct Part {
        var headers: [String: String]
        var body: Data

        var name: String? { parameter("name") }
        var fileName: String? { parameter("filename") }

        private func parameter(_ key: String) -> String? {
            guard let disposition = headers["content-disposition"] else { return nil }
            for piece in disposition.components(separatedBy: "; ") where piece.hasPrefix("\(key)=\"") {
                return String(piece.dropFirst(key.count + 2).dropLast())
            }
            return nil
        }
    }

    var parts: [Part] = []
    /// True when the body ends with the closing delimiter and a CRLF.
    var closed = false

    /// Parses `body` by the boundary in `contentType`; nil when the framing is wrong.
    init?(_ data: Data, contentType: String) {
        guard let range = contentType.range(of: "boundary=") else { return nil }
        let boundary = String(contentType[range.upperBound...])
        let body = Data(data)  // indices from 0
        let delimiter = Data("--\(boundary)".utf8)
        let separator = Data("\r\n--\(boundary)".utf8)
        guard body.starts(with: delimiter) else { return nil }
        var position = delimiter.count
        while true {
            let rest = body[position...]
            if rest.starts(with: Data("--\r\n".utf8)) {
                closed = position + 4 == body.count
                return
            }
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

/// The name-value pairs of a form-urlencoded body, in order.
func formFields(_ body: Data?) -> [(String, String)] {
    String(decoding: body ?? Data(), as: UTF8.self).split(separator: "&").map { pair in
        let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? String($0) }
        return (parts[0], parts.count > 1 ? parts[1] : "")
    }
}
