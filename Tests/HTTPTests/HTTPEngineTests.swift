import Testing
import FakeCanvasKit
@testable import HTTP
import TestSupport

/// `HTTPEngine.caBundle(in:)`: the certificate authorities named as the curl tool reads them;
/// and an engine starts libcurl only when asked to, by a request or by `prepare`.
@Suite(.timeLimit(.minutes(3)))
struct HTTPEngineTests {
    @Test func curlsOwnVariableComesBeforeOpenSSLs() {
        #expect(HTTPEngine.caBundle(in: ["CURL_CA_BUNDLE": "/school/ca.pem", "SSL_CERT_FILE": "/etc/other.pem"]) == "/school/ca.pem")
    }

    @Test func openSSLsVariableServesWhenCurlsIsMissingOrEmpty() {
        #expect(HTTPEngine.caBundle(in: ["SSL_CERT_FILE": "/etc/other.pem"]) == "/etc/other.pem")
        #expect(HTTPEngine.caBundle(in: ["CURL_CA_BUNDLE": "", "SSL_CERT_FILE": "/etc/other.pem"]) == "/etc/other.pem")
    }

    @Test func noneNamedLeavesLibcurlsOwn() {
        #expect(HTTPEngine.caBundle(in: ["PATH": "/usr/bin", "SSL_CERT_FILE": ""]) == nil)
    }

    @Test func anEngineNobodyUsedHasNotOpenedLibcurl() {
        #expect(!HTTPEngine().hasStarted)
    }

    @Test func preparingStartsTheEngineAndItsRequestsThenGoOutOnIt() async throws {
        let engine = HTTPEngine()
        engine.prepare()
        try await eventually("the prepared engine started") { engine.hasStarted }
        engine.prepare()
        let server = try FakeCanvasServer()
        defer { server.stop() }
        let answer = try await HTTPClient.curl(engine).send(
            HTTPRequest(url: server.baseURL.appendingPathComponent("/api/v1/users/self"), headers: ["Authorization": "Bearer \(server.token)"])
        )
        #expect(answer.status == 200)
    }

    /// Readied for exit, an engine leaves libcurl: what was under way ends, and a request made
    /// afterwards is cancelled at once rather than starting libcurl's thread again.
    @Test func afterShutDownNoRequestGoesOut() async throws {
        let engine = HTTPEngine()
        engine.prepare()
        let server = try FakeCanvasServer()
        defer { server.stop() }
        let request = HTTPRequest(url: server.baseURL.appendingPathComponent("/api/v1/users/self"), headers: ["Authorization": "Bearer \(server.token)"])
        #expect(try await HTTPClient.curl(engine).send(request).status == 200)
        engine.shutDown()
        await #expect(throws: CancellationError.self) { try await HTTPClient.curl(engine).send(request) }
        engine.shutDown()
    }

    /// Readied for exit while `prepare` is still opening libcurl, it waits for the opening to end.
    @Test func shutDownRightAfterPrepareWaitsForTheOpening() async throws {
        let engine = HTTPEngine()
        engine.prepare()
        engine.shutDown()
        #expect(engine.preparing.withLock { $0 } == nil)
        #expect(engine.hasStarted)
    }
}
