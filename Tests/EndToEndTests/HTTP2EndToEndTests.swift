import FakeCanvasKit
import Foundation
import Testing

/// The app meeting a Canvas that speaks HTTP/2 over TLS (the fake behind `h2_front.py`), trusting
/// the front's certificate through `CURL_CA_BUNDLE` as curl would.
@Suite struct HTTP2EndToEndTests {
    @Test func aCoursesStartGoesOverOneHTTP2Connection() async throws {
        let canvas = try FakeCanvasServer()
        defer { canvas.stop() }
        let front = try H2FrontServer(upstream: canvas.baseURL)
        defer { front.stop() }
        let bundle = try H2FrontServer.trustedCertificate.get().appendingPathComponent("cert.pem")
        let tmux = try await TmuxSession()
        defer { tmux.close() }
        try Data((canvas.token + "\n").utf8).write(to: tmux.tokenFile)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: tmux.tokenFile.path)
        try tmux.run("export CURL_CA_BUNDLE=\(bundle.path.shellQuoted)")
        try tmux.launchApp([
            "--canvas", front.baseURL.absoluteString, "--token-file", tmux.tokenFile.path,
            "--data-dir", tmux.dataDirectory.path, "--course", "1",
        ])

        let course = try await tmux.waitFor(box: "Course", "course 1 open with its modules") {
            $0.isFocused && $0.contains("Modules · 4")
        }
        #expect(course.lines.first?.trimmingSpaces() == "Calculus 101")
        #expect(!course.contains("Couldn't load"))
        let log = try await front.log()
        #expect(log.requests.count >= 4, "the course, its modules, the course list and more: \(log.requests)")
        #expect(log.requests.allSatisfy { $0.protocol == "h2" }, "\(log.requests)")
        #expect(log.connections == 1, "\(log.requests.map { "\($0.connection) \($0.path)" })")
    }
}
