import Foundation

/// A Python test server from `Tests/FakeCanvas` (or another folder of `Tests`) in a child
/// process, and the ports it printed.
///
/// Each server prints one `NAME port` line per socket once it listens, then nothing more.
package final class ServerProcess: @unchecked Sendable {
    package struct DidNotStart: Error {
        package var output: String
    }

    package let ports: [String: Int]
    private let process: Process

    /// Starts `script` of `Tests/<folder>` with `arguments` and waits for a port line for every name in `names`.
    package init(script: String, folder: String = "FakeCanvas", arguments: [String], names: [String]) throws {
        let path = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("\(folder)/\(script)")
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // The test runner's threads block SIGTERM, and a child inherits that mask: unblock it
        // first, or the server could not shut down cleanly on `stop()`.
        let launcher = "import runpy, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, set()); "
            + "sys.argv = sys.argv[1:]; runpy.run_path(sys.argv[0], run_name='__main__')"
        process.arguments = ["python3", "-c", launcher, path.path] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var text = ""
        var found: [String: Int] = [:]
        while !names.allSatisfy({ found[$0] != nil }) {
            let data = output.fileHandleForReading.availableData
            guard !data.isEmpty else {
                process.terminate()
                throw DidNotStart(output: text)
            }
            text += String(decoding: data, as: UTF8.self)
            // Only whole lines: a port number cut in two by the pipe would read as another port.
            let complete = text[..<(text.lastIndex(of: "\n") ?? text.startIndex)]
            for line in complete.split(separator: "\n") {
                let parts = line.split(separator: " ")
                if parts.count == 2, let port = Int(parts[1]) {
                    found[String(parts[0])] = port
                }
            }
        }
        ports = found
    }

    package func stop() {
        if process.isRunning {
            process.terminate()
        }
        process.waitUntilExit()
    }
}
