import Foundation

/// The loopback server that misbehaves on purpose (`Tests/FakeCanvas/hostile_server.py`), one per test.
package final class HostileServer: @unchecked Sendable {
    /// The HTTP port, whose paths answer slowly, hugely, or not at all.
    package let baseURL: URL
    /// An address whose accept queue is full: connecting to it hangs until the connect timeout.
    package let unansweredURL: URL
    private let process: ServerProcess

    package init() throws {
        process = try ServerProcess(script: "hostile_server.py", arguments: ["--lifetime", "300"], names: ["PORT", "FULL"])
        guard let port = process.ports["PORT"], let full = process.ports["FULL"],
              let base = URL(string: "http://127.0.0.1:\(port)"), let unanswered = URL(string: "http://127.0.0.1:\(full)/") else {
            process.stop()
            throw ServerProcess.DidNotStart(output: "\(process.ports)")
        }
        baseURL = base
        unansweredURL = unanswered
    }

    package func url(_ path: String) -> URL {
        baseURL.appendingPathComponent(path)
    }

    package func stop() {
        process.stop()
    }
}
