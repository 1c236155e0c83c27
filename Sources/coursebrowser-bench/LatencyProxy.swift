import Foundation

/// `Benchmarks/latency_proxy.py` in a child process: a loopback link with a fixed round trip.
final class LatencyProxy {
    /// The proxy's address, to put where the server's would go.
    let baseURL: String
    private let process: Process
    private let input = Pipe()

    /// Starts the proxy in front of `port` on loopback, with a round trip of `rtt`, and waits for its `PORT` line.
    init(script: String, port: Int, rtt: Duration) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, "--target", "127.0.0.1:\(port)", "--rtt-ms", String(Int(milliseconds(rtt)))]
        let output = Pipe()
        process.standardOutput = output
        // The proxy ends when its standard input closes, so it never outlives the benchmark.
        process.standardInput = input
        process.standardError = FileHandle.nullDevice
        try process.run()
        var text = ""
        while !text.contains("\n") {
            let data = output.fileHandleForReading.availableData
            guard !data.isEmpty else {
                process.terminate()
                throw BenchFailure(description: "\(script) did not start: \(text)")
            }
            text += String(decoding: data, as: UTF8.self)
        }
        let words = text.split(separator: "\n").first?.split(separator: " ") ?? []
        guard words.count == 2, words[0] == "PORT", let port = Int(words[1]) else {
            process.terminate()
            throw BenchFailure(description: "\(script) said \(text)")
        }
        baseURL = "http://127.0.0.1:\(port)"
    }

    /// `Benchmarks/latency_proxy.py` beside the sources this was built from, else under the current folder.
    static func repositoryScript() -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let built = root.appendingPathComponent("Benchmarks/latency_proxy.py").path
        return FileManager.default.fileExists(atPath: built) ? built : "Benchmarks/latency_proxy.py"
    }

    func stop() {
        if process.isRunning {
            process.terminate()
        }
        process.waitUntilExit()
    }
}
