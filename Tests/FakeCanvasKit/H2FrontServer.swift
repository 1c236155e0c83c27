import Foundation
import HTTP

/// The TLS front (`Tests/FakeCanvas/h2_front.py`) before a fake Canvas, in a child process:
/// HTTP/2 and HTTP/1.1 over TLS, with the connections it accepted and the protocol of each request.
package final class H2FrontServer: @unchecked Sendable {
    /// What the front saw since it started or was last reset.
    package struct Log: Decodable {
        package struct Request: Decodable {
            /// The connection it came on, counted from 1 in the order they were accepted.
            package var connection: Int
            /// `h2` or `http/1.1`.
            package var `protocol`: String
            package var method: String
            package var path: String
        }

        package var connections: Int
        package var requests: [Request]
    }

    /// The front's origin, `https://127.0.0.1:PORT`.
    package let baseURL: URL
    private let controlURL: URL
    private let process: ServerProcess
    private let control = HTTPClient.curl(HTTPEngine(), timeouts: HTTPTimeouts(request: .seconds(10)))

    /// Starts a front before `upstream`, with `latencyMilliseconds` before each answer, and waits
    /// until it listens. Stop it with `stop()` in a `defer`.
    ///
    /// It presents `trustedCertificate`, or with `trusted` false one it makes for itself, which
    /// no authority the process trusts signed.
    package init(upstream: URL, latencyMilliseconds: Int = 0, trusted: Bool = true) throws {
        let certificate = try Self.trustedCertificate.get()
        let presented = trusted
            ? ["--cert", certificate.appendingPathComponent("cert.pem").path, "--key", certificate.appendingPathComponent("key.pem").path]
            : []
        process = try ServerProcess(
            script: "h2_front.py",
            arguments: [
                "--upstream", upstream.absoluteString, "--port", "0", "--lifetime", "300",
                "--latency-ms", "\(latencyMilliseconds)",
            ] + presented,
            names: ["PORT", "CONTROL"]
        )
        do {
            baseURL = try process.loopbackURL("PORT", scheme: "https")
            controlURL = try process.loopbackURL("CONTROL")
        } catch {
            process.stop()
            throw error
        }
    }

    package func stop() {
        process.stop()
    }

    package func log() async throws -> Log {
        let response = try await control.send(HTTPRequest(url: controlURL.appendingPathComponent("/log")))
        return try JSONDecoder().decode(Log.self, from: response.body)
    }

    /// Forgets the connections and requests seen so far.
    package func reset() async throws {
        _ = try await control.send(HTTPRequest(method: "POST", url: controlURL.appendingPathComponent("/reset"), body: Data()))
    }

    /// The folder of the certificate every trusted front in this process presents: an engine
    /// made with `HTTPEngine(caBundle: H2FrontServer.caBundle)` trusts it, and a child process
    /// with `CURL_CA_BUNDLE` naming its `cert.pem`.
    package static let trustedCertificate = Result<URL, any Error> {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("coursebrowser-h2-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("FakeCanvas/h2_front.py")
        let maker = Process()
        maker.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        maker.arguments = ["python3", script.path, "--make-certificate", directory.path]
        try maker.run()
        maker.waitUntilExit()
        guard maker.terminationStatus == 0 else {
            throw ServerProcess.DidNotStart(output: "h2_front.py --make-certificate ended with \(maker.terminationStatus)")
        }
        return directory
    }

    /// The bundle naming `trustedCertificate`, for `HTTPEngine(caBundle:)`; nil if it couldn't be made.
    package static var caBundle: String? {
        (try? trustedCertificate.get())?.appendingPathComponent("cert.pem").path
    }
}
