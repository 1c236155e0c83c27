import Foundation

/// The `revalidate` group: the app started twice against the fake Canvas with nothing changed
/// between, each time until the course list is drawn and its requests have settled, then `q`;
/// the body bytes of the answers each start got, from the fake's request log.
struct RevalidateBenchmark {
    var script: String
    /// A course on the fake Canvas whose name the list shows.
    static let listed = "Art History 106"

    /// What one start cost, from the request log.
    struct Start {
        var requests: Int
        /// Body bytes of the answers, nil when the log does not count them.
        var bodyBytes: Int?
        var notModified: Int
    }

    func run(_ bench: Measurements) throws {
        let server = try FakeCanvasProcess(script: script, token: DownloadBenchmark.token, courses: 30)
        defer { server.stop() }
        let home = bench.work + "/revalidate"
        let first = try start(bench, server: server, home: home)
        let second = try start(bench, server: server, home: home)
        func bytes(_ start: Start) -> String {
            let body = start.bodyBytes.map { "\($0.formatted()) B" } ?? "? B (no body_bytes in the log)"
            return "\(body), \(start.requests) requests, \(start.notModified) × 304"
        }
        let share = first.bodyBytes.flatMap { total in second.bodyBytes.map { Double($0) / Double(max(1, total)) } }
        row("second start, nothing changed: body bytes of Canvas's answers (vs the first start)",
            bytes(second), bytes(first), share.map { String(format: "%.1f %%", $0 * 100) } ?? "—")
    }

    /// Starts the app with `home` as its home, waits for the list and for the requests to stop, and reads the log.
    private func start(_ bench: Measurements, server: FakeCanvasProcess, home: String) throws -> Start {
        _ = try server.control("DELETE", "/__control/requests", work: bench.work)
        let tokenFile = try bench.tokenFile(DownloadBenchmark.token)
        let terminal = try bench.start(bench.app, ["--canvas", server.baseURL, "--token-file", tokenFile], home: home)
        defer { terminal.stop() }
        try terminal.expect(Self.listed)
        // The list may be a saved copy drawn before any answer: wait until a second passes with no new request.
        var entries = try server.requests(work: bench.work)
        var still = 0
        let deadline = ContinuousClock.now + .seconds(30)
        while still < 4, ContinuousClock.now < deadline {
            terminal.read(for: .milliseconds(250))
            let now = try server.requests(work: bench.work)
            still = now.count == entries.count && now.allSatisfy({ $0["status"] != nil && !($0["status"] is NSNull) }) ? still + 1 : 0
            entries = now
        }
        let counted = entries.compactMap { $0["body_bytes"] as? Int }
        return Start(requests: entries.count, bodyBytes: counted.count == entries.count ? counted.reduce(0, +) : nil,
                     notModified: entries.filter { $0["status"] as? Int == 304 }.count)
    }
}
