import Foundation

/// `Benchmarks/latency_proxy.py` in a child process: a loopback link with a fixed round trip.
final class LatencyProxy {
    /// The proxy's address, to put where the server's would go.
    let baseURL: String
    private let process: Process
    private let input = Pipe()

    /// Starts the proxy in front of `port` on loopback, with a round trip of `rtt`, and waits for its `PORT` line.
    init(script: String, port: Int, rtt: Duration) throws {
        let output: FileHandle
        // The proxy ends when its standard input closes, so it never outlives the benchmark.
        (process, output) = try Process.python(script, ["--target", "127.0.0.1:\(port)", "--rtt-ms", String(Int(milliseconds(rtt)))], input: input)
        let port = try process.ports(["PORT"], from: output, script: script)["PORT"] ?? 0
        baseURL = "http://127.0.0.1:\(port)"
    }

    func stop() {
        if process.isRunning {
            process.terminate()
        }
        process.waitUntilExit()
    }
}
