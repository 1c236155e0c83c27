import Foundation
import Testing
import FakeCanvasKit
import HTTP

/// A header value holding a line break never puts a header of its own on the wire.
@Suite(.timeLimit(.minutes(3)))
struct CurlHeaderTests {
    @Test(arguments: ["\r\n", "\n", "\r"])
    func aLineBreakInAHeaderValueStaysInsideThatValue(lineBreak: String) async throws {
        let server = try FakeCanvasServer()
        defer { server.stop() }
        let client = HTTPClient.curl(HTTPEngine(), timeouts: HTTPTimeouts(request: .seconds(10)))
        // Were the break sent, the fake would read a valid token followed by a header of its own.
        let value = "Bearer \(server.token)\(lineBreak)X-Injected: 1"
        let url = server.baseURL.appendingPathComponent("api/v1/users/self")
        let response = try await client.send(HTTPRequest(url: url, headers: ["Authorization": value]))
        #expect(response.status == 401)
        let logged = try #require(try await server.requests().last)
        #expect(logged.auth_present && !logged.auth_valid)
    }
}
