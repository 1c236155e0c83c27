import Foundation

/// The loopback fake Moodle (`Tests/FakeMoodle/fake_moodle.py`) in a child process, for the `moodle` group.
final class FakeMoodleProcess {
    /// The token the fake takes, as a Moodle token looks.
    static let token = "0123456789abcdef0123456789abcdef"
    /// The site's port, for a proxy in front of it.
    let port: Int
    private let process: Process

    init(script: String) throws {
        let output: FileHandle
        (process, output) = try Process.python(script, ["--port", "0", "--token", Self.token, "--lifetime", "900"])
        port = try process.ports(["PORT", "CONTROL"], from: output, script: script)["PORT"] ?? 0
    }

    func stop() {
        if process.isRunning {
            process.terminate()
        }
        process.waitUntilExit()
    }
}
