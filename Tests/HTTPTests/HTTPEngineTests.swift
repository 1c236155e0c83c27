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
}
