import Foundation

/// The `moodle` group: the app on the fake Moodle through a link with a fixed round trip (200 ms
/// unless told), counted in round trips: from its start, with nothing saved from before, until
/// both the course list (with its grades) and the Due pane are on screen; then from Enter on a
/// course until every section of it is. Beside it, curl of one web service call through the same
/// link (a cold connection and one request).
struct MoodleLatencyBenchmark {
    var runs: Int
    var rtt: Duration

    /// What shows once the list has its grades, and once the Due pane has its first missing row.
    static let listed = ["72%", "Bài tập 0"]
    /// What shows once course 103's overview, its assignment with its status, its announcement and
    /// its grade report are in: text each section draws whole when it arrives (a count added to a
    /// heading is drawn alone).
    static let opened = ["Teacher: 佐藤 健一", "pts · not submitted", "講義資料について", "as Moodle computes it"]

    func run(_ bench: Measurements) throws {
        let server = try FakeMoodleProcess(script: repositoryFile("Tests/FakeMoodle/fake_moodle.py"))
        defer { server.stop() }
        let proxy = try LatencyProxy(script: repositoryFile("Benchmarks/latency_proxy.py"), port: server.port, rtt: rtt)
        defer { proxy.stop() }
        var (start, open, curl): ([Double], [Double], [Double]) = ([], [], [])
        for turn in 0..<runs {
            let (listed, opened) = try session(bench, through: proxy, turn: turn)
            start.append(listed)
            open.append(opened)
            curl.append(try call(bench, through: proxy))
        }
        let trip = milliseconds(rtt)
        let curlTrips = median(curl) / trip
        let baseline = String(format: "%.1f round trips (%.0f ms)", curlTrips, median(curl))
        row("Moodle through a \(Int(trip)) ms round trip: start to the course list with grades and Due on screen (vs curl of one call, cold)",
            String(format: "%.1f round trips (%.0f ms)", median(start) / trip, median(start)), baseline, ratio(median(start) / trip, curlTrips))
        row("Moodle through a \(Int(trip)) ms round trip: Enter to every section of the course on screen",
            String(format: "%.1f round trips (%.0f ms)", median(open) / trip, median(open)))
    }

    /// Milliseconds from the start to the list and Due on screen, and from Enter to the course's sections.
    private func session(_ bench: Measurements, through proxy: LatencyProxy, turn: Int) throws -> (Double, Double) {
        let home = bench.work + "/moodle-\(turn)"
        let tokenFile = try bench.tokenFile(FakeMoodleProcess.token)
        let terminal = try bench.start(bench.app, ["--moodle", proxy.baseURL, "--token-file", tokenFile], home: home)
        defer { _ = terminal.stop() }
        guard let listed = terminal.waitForEach(Self.listed)?.max() else {
            throw BenchFailure(description: "the course list and Due never showed through the proxy")
        }
        // Every request of the start (saved copies' account included) is answered before Enter.
        terminal.waitUntilQuiet(.milliseconds(Int64(milliseconds(rtt) * 3)))
        let offset = terminal.output.count
        terminal.type("\r")
        let pressed = ContinuousClock.now
        guard let opened = terminal.waitForEach(Self.opened, since: offset)?.max() else {
            throw BenchFailure(description: "course 103 never showed whole through the proxy")
        }
        return (milliseconds(listed - terminal.started), milliseconds(opened - pressed))
    }

    /// Milliseconds curl takes to start, connect, make one web service call and exit.
    private func call(_ bench: Measurements, through proxy: LatencyProxy) throws -> Double {
        let address = proxy.baseURL + "/webservice/rest/server.php?moodlewsrestformat=json&wsfunction=core_webservice_get_site_info"
        let run = try ChildRun.run("/usr/bin/curl", ["-sS", "--fail", "-o", "/dev/null", "--data", "wstoken=\(FakeMoodleProcess.token)", address],
                                   environment: bench.environment, errorsTo: bench.work + "/moodle-curl.err")
        guard run.exitStatus == 0 else { throw BenchFailure(description: "curl of \(address) exited \(run.exitStatus): \(run.errors)") }
        return run.seconds * 1000
    }
}
