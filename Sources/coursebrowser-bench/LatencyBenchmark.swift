import Foundation

/// The `latency` group: the app started with `--course 1` against the fake Canvas through a
/// link with a fixed round trip, until the course's syllabus is on screen, in round trips;
/// beside the floor, curl of one API address through the same link (a cold connection and one request).
struct LatencyBenchmark {
    var runs: Int
    /// The fake Canvas to run.
    var script: String
    /// The link's round trip (`--rtt-ms`, 100 ms unless told).
    var rtt: Duration

    /// Words of course 1's syllabus on the fake Canvas.
    static let courseContent = "Office hours"

    func run(_ bench: Measurements) throws {
        let server = try FakeCanvasProcess(script: script, token: DownloadBenchmark.token, courses: 3)
        defer { server.stop() }
        let proxy = try LatencyProxy(script: repositoryFile("Benchmarks/latency_proxy.py"), port: server.port, rtt: rtt)
        defer { proxy.stop() }
        var (app, curl): ([Double], [Double]) = ([], [])
        for turn in 0..<runs {
            app.append(try open(bench, through: proxy, turn: turn))
            curl.append(try Self.curl(bench, proxy.baseURL + "/api/v1/courses/1", token: DownloadBenchmark.token, turn: turn))
        }
        let trip = milliseconds(rtt)
        let (appTrips, curlTrips) = (median(app) / trip, median(curl) / trip)
        row("course open through a \(Int(trip)) ms round-trip link: start to its syllabus on screen (vs curl of one API address, cold)",
            String(format: "%.1f round trips (%.0f ms)", appTrips, median(app)), String(format: "%.1f round trips (%.0f ms)", curlTrips, median(curl)),
            ratio(appTrips, curlTrips))
    }

    /// Milliseconds from the app's start, with nothing saved from before, to the course's content on screen.
    private func open(_ bench: Measurements, through proxy: LatencyProxy, turn: Int) throws -> Double {
        let home = bench.work + "/latency-\(turn)"
        let tokenFile = try bench.tokenFile(DownloadBenchmark.token)
        let terminal = try bench.start(bench.app, ["--canvas", proxy.baseURL, "--token-file", tokenFile, "--course", "1"], home: home)
        defer { terminal.stop() }
        guard let shown = terminal.wait(for: Self.courseContent, timeout: .seconds(60)) else {
            throw BenchFailure(description: "course 1's syllabus never showed through the proxy")
        }
        return milliseconds(shown - terminal.started)
    }

    /// Milliseconds curl takes to start, connect, fetch `address` and exit.
    static func curl(_ bench: Measurements, _ address: String, token: String, turn: Int) throws -> Double {
        let run = try ChildRun.run("/usr/bin/curl", ["-sS", "--fail", "-o", "/dev/null", "-H", "Authorization: Bearer \(token)", address],
                                   environment: bench.environment, errorsTo: bench.work + "/latency-curl.err")
        guard run.exitStatus == 0 else { throw BenchFailure(description: "curl of \(address) exited \(run.exitStatus): \(run.errors)") }
        return run.seconds * 1000
    }
}
