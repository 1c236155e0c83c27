import Foundation
@testable import Canvas
@testable import CanvasJSON
import CourseKit
import FakeCanvasKit
import HTTP
import TestSupport
import UploadQueue

/// An in-memory HTTP server for client tests: answers by URL and records every request.
final class FakeHTTP: @unchecked Sendable {
    private let lock = NSLock()
    private var routes: [(matches: (URL) -> Bool, answers: [HTTPResponse])] = []
    private(set) var requests: [HTTPRequest] = []

    /// Answers requests whose URL, as sent, contains `fragment`, one answer per request, the last repeating.
    func on(_ fragment: String, _ answers: HTTPResponse...) {
        lock.withLock {
            routes.append(({ $0.absoluteString.contains(fragment) }, answers))
        }
    }

    var client: HTTPClient {
        HTTPClient { request in try self.answer(request) }
    }

    var sentRequests: [HTTPRequest] { lock.withLock { requests } }

    private func answer(_ request: HTTPRequest) throws -> HTTPResponse {
        try lock.withLock {
            requests.append(request)
            guard let index = routes.firstIndex(where: { $0.matches(request.url) }) else {
                throw NetworkError.unreachable(host: request.url.host ?? "?")
            }
            let answers = routes[index].answers
            if answers.count > 1 {
                routes[index].answers.removeFirst()
            }
            return answers[0]
        }
    }
}

extension HTTPResponse {
    static func json(_ text: String, status: Int = 200, link: String? = nil) -> HTTPResponse {
        HTTPResponse(status: status, headers: link.map { ["Link": $0] } ?? [:], body: Data(text.utf8))
    }
}
