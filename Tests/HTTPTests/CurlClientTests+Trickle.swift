import Foundation
import Testing
import FakeCanvasKit
import HTTP
import TestSupport

/// The total limit of `send`, against a server that is never silent long enough for a
/// stall timeout to fire: a byte every half second, for far longer than the limit.
extension CurlClientTests {
    @Test func aServerThatTricklesAByteNowAndThenStillEndsAtTheTotalTimeout() async throws {
        let server = try HostileServer()
        defer { server.stop() }
        let url = try #require(URL(string: server.baseURL.absoluteString + "/trickle?seconds=90"))
        let start = ContinuousClock.now
        // The server goes on for 90 s; any other ending than the 2 s limit is a different error.
        await #expect(throws: NetworkError.timedOut(host: "127.0.0.1", seconds: 2)) {
            try await client(request: .seconds(2)).send(HTTPRequest(url: url))
        }
        // The clock is read once the test's task runs again, and beside the whole suite on two cores
        // that has come 20 s after the limit; the server's end is far later still.
        #expect(ContinuousClock.now - start < .seconds(60), "the request ended at its limit, before the server stops at 90 s")
    }
}
