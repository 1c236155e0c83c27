import FakeCanvasKit
import Foundation

/// A temporary home for commands run against the fake Canvas `server`: its token in a private
/// file, a data directory, and the arguments that point a command at them.
struct CanvasCommandLine {
    let directory: URL
    let data: URL
    /// `--canvas URL --token-file PATH --data-dir PATH`.
    let arguments: [String]
    let environment: [String: String]

    init(server: FakeCanvasServer) throws {
        directory = try UploadEndToEndTests.temporaryDirectory()
        data = directory.appendingPathComponent("data")
        let tokenFile = directory.appendingPathComponent("token")
        try Data(server.token.utf8).write(to: tokenFile)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: tokenFile.path)
        arguments = ["--canvas", server.baseURL.absoluteString, "--token-file", tokenFile.path, "--data-dir", data.path]
        environment = AppCommand.environment(token: nil, home: directory)
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}
