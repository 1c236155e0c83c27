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
        let start = ContinuousClock.now
        // The server goes on for 25 s; any other ending than the 2 s limit is a different error.
        await #expect(throws: NetworkError.timedOut(host: "127.0.0.1", seconds: 2)) {
            try await client(request: .seconds(2)).send(HTTPRequest(url: server.url("/trickle")))
        }
        // Beside the whole suite on two cores the limit's end has come 13 s late; the server's end is later still.
        #expect(ContinuousClock.now - start < .seconds(22), "the request ended at its limit, before the server stops at 25 s")
    }
}
