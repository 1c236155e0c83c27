import Foundation
import CourseKit

/// The loopback fake Canvas (`Tests/FakeCanvas/fake_canvas.py`) in a child process, one per test.
package final class FakeCanvasServer: @unchecked Sendable {
    /// A file the server holds after a confirmed upload.
    package struct StoredFile: Decodable, Equatable {
        package var id: Int
        package var course_id: Int
        package var folder: String
        package var name: String
        package var size: Int64
        package var sha256: String
    }

    /// One request the server saw; it records whether a token came, never the token.
    package struct LoggedRequest: Decodable {
        package var method: String
        package var path: String
        package var auth_present: Bool
        package var auth_valid: Bool
        package var fault: String?

        package var isStep1: Bool { method == "POST" && path.contains("/files") && path.hasPrefix("/api/v1/courses/") }
        package var isStep2: Bool { path.hasPrefix("/files_api/upload/") }
        package var isStep3: Bool { path.contains("/create_success") || (method == "GET" && path.hasPrefix("/api/v1/files/")) }
    }

    package let token: String
    package let baseURL: URL
    private let controlURL: URL
    private let process: Process
    private let control = HTTPClient.urlSession(timeouts: HTTPTimeouts(request: .seconds(10)))

    private static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("FakeCanvas/fake_canvas.py")

    /// Starts a server and waits until it listens; stop it with `stop()` in a `defer`.
    package init(token: String = "T0ken-for-tests", arguments: [String] = []) throws {
        self.token = token
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // The test runner's threads block SIGTERM, and a child inherits that mask: unblock it
        // first, or the server could not shut down cleanly (and remove its storage) on `stop()`.
        let launcher = "import runpy, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, set()); "
            + "sys.argv = sys.argv[1:]; runpy.run_path(sys.argv[0], run_name='__main__')"
        process.arguments = ["python3", "-c", launcher, Self.script.path, "--port", "0", "--token", token, "--lifetime", "300"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var text = ""
        while !(text.contains("PORT ") && text.contains("CONTROL ") && text.hasSuffix("\n") && text.split(separator: "\n").count >= 2) {
            let data = output.fileHandleForReading.availableData
            guard !data.isEmpty else {
                process.terminate()
                throw ServerDidNotStart(output: text)
            }
            text += String(decoding: data, as: UTF8.self)
        }
        let ports = Dictionary(text.split(separator: "\n").compactMap { line -> (String, Int)? in
            let parts = line.split(separator: " ")
            guard parts.count == 2, let port = Int(parts[1]) else { return nil }
            return (String(parts[0]), port)
        }, uniquingKeysWith: { first, _ in first })
        guard let port = ports["PORT"], let controlPort = ports["CONTROL"],
              let base = URL(string: "http://127.0.0.1:\(port)"), let controlBase = URL(string: "http://127.0.0.1:\(controlPort)") else {
            process.terminate()
            throw ServerDidNotStart(output: text)
        }
        baseURL = base
        controlURL = controlBase
    }

    package struct ServerDidNotStart: Error {
        package var output: String
    }

    package func stop() {
        if process.isRunning {
            process.terminate()
        }
        process.waitUntilExit()
    }

    /// Sends a control request on the control port, which stays up while the API is down.
    @discardableResult
    package func control(_ method: String, _ path: String, json: String? = nil) async throws -> Data {
        let url = controlURL.appendingPathComponent(path)
        let request = HTTPRequest(method: method, url: url, headers: ["Content-Type": "application/json"], body: json.map { Data($0.utf8) })
        let response = try await control.send(request)
        guard (200..<300).contains(response.status) else {
            throw ControlFailed(status: response.status, body: String(decoding: response.body, as: UTF8.self))
        }
        return response.body
    }

    package struct ControlFailed: Error {
        package var status: Int
        package var body: String
    }

    package func files() async throws -> [StoredFile] {
        try JSONDecoder().decode([StoredFile].self, from: try await control("GET", "/__control/files"))
    }

    package func requests() async throws -> [LoggedRequest] {
        try JSONDecoder().decode([LoggedRequest].self, from: try await control("GET", "/__control/requests"))
    }

    package func configure(_ json: String) async throws {
        try await control("POST", "/__control/config", json: json)
    }

    package func fault(_ json: String) async throws {
        try await control("POST", "/__control/faults", json: json)
    }
}
