import Foundation
import Synchronization
@testable import Canvas
@testable import CanvasJSON
import CourseKit
import FakeCanvasKit
import HTTP
import TestSupport
import UploadQueue

/// An in-memory HTTP server for client tests: answers by URL and records every request.
final class FakeHTTP: Sendable {
    private struct Log {
        var routes: [(fragment: String, answers: [HTTPResponse])] = []
        var requests: [HTTPRequest] = []
    }

    private let log = Mutex(Log())

    /// Answers requests whose URL, as sent, contains `fragment`, one answer per request, the last repeating.
    func on(_ fragment: String, _ answers: HTTPResponse...) {
        log.withLock { $0.routes.append((fragment, answers)) }
    }

    var client: HTTPClient {
        HTTPClient { request in try self.answer(request) }
    }

    var sentRequests: [HTTPRequest] { log.withLock { $0.requests } }

    private func answer(_ request: HTTPRequest) throws -> HTTPResponse {
        let answer: HTTPResponse? = log.withLock { log in
            log.requests.append(request)
            guard let index = log.routes.firstIndex(where: { request.url.absoluteString.contains($0.fragment) }) else { return nil }
            let answers = log.routes[index].answers
            if answers.count > 1 {
                log.routes[index].answers.removeFirst()
            }
            return answers[0]
        }
        guard let answer else { throw NetworkError.unreachable(host: request.url.host ?? "?") }
        return answer
    }
}

extension HTTPResponse {
    static func json(_ text: String, status: Int = 200, link: String? = nil) -> HTTPResponse {
        HTTPResponse(status: status, headers: link.map { ["Link": $0] } ?? [:], body: Data(text.utf8))
    }
}
