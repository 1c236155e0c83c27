import Testing
import HTTP

/// `HTTPEngine.caBundle(in:)`: the certificate authorities named as the curl tool reads them.
@Suite
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
}
