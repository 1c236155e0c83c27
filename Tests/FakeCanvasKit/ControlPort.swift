import Foundation
import HTTP

/// A test server's control port: JSON requests that no fault reaches and no log records, and
/// that stay answered while the server's own port is down.
package struct ControlPort: Sendable {
    /// A control request the server refused, with its answer.
    package struct Failed: Error {
        package var status: Int
        package var body: String
    }

    private let url: URL
    private let http = HTTPClient.curl(HTTPEngine(), timeouts: HTTPTimeouts(request: .seconds(10)))

    package init(_ url: URL) {
        self.url = url
    }

    /// Sends `method` to `path` with `json` as the body, if any, and answers the body.
    @discardableResult
    package func send(_ method: String, _ path: String, json: String? = nil) async throws -> Data {
        let request = HTTPRequest(
            method: method, url: url.appendingPathComponent(path), headers: ["Content-Type": "application/json"], body: json.map { Data($0.utf8) }
        )
        let response = try await http.send(request)
        guard (200..<300).contains(response.status) else {
            throw Failed(status: response.status, body: String(decoding: response.body, as: UTF8.self))
        }
        return response.body
    }
}
