import FakeCanvasKit
import Foundation
import Testing

/// Canvas's rate budget through the real binary: `sync` of a course with many files beside
/// interactive commands, against a fake Canvas whose bucket `sync` alone would drain, and
/// `status` telling whose token it is, whether it works, and the last budget.
@Suite(.serialized) struct RateBudgetEndToEndTests {
    /// The fake's bucket as `/__control/rate_bucket` tells it.
    struct Bucket: Decodable {
        struct Throttled: Decodable {
            var path: String
        }

        var admitted: Int
        var throttled: [Throttled]
    }

    /// A fake Canvas with a draining bucket: 600 high, 40 a request and 50 more while it runs, leaking 100 a second.
    static let bucket = #"{"rate_bucket": {"size": 600, "outflow": 100, "up_front": 50, "cost": 40, "hold": 0.02}}"#

    @Test func interactiveCommandsBesideASyncThatDrainsTheBucketMeetNo403() async throws {
        let queue = try UploadEndToEndTests.QueueOnCanvas()
        defer { queue.end() }
        for number in 1...24 {
            try await queue.server.addFile(course: 1, name: "notes \(number).txt", content: "page \(number)\n", folder: "Notes")
        }
        try await queue.server.configure(Self.bucket)
        var environment = queue.environment
        // The fake leaks faster than Canvas does, so the test is short; the app is told so, as a school that changed it would tell it.
        environment["CANVAS_RATE_OUTFLOW"] = "100"
        let target = queue.directory.appendingPathComponent("synced")
        let output = queue.directory.appendingPathComponent("sync.out")
        let sync = try AppCommand.start(["sync", "--course", "1", target.path] + queue.canvas, environment: environment, output: output)

        var statuses: [CommandResult] = []
        while kill(sync, 0) == 0, !isZombie(sync) {
            let environment = environment
            statuses.append(try await offThePool { try AppCommand.run(["status"] + queue.canvas, environment: environment) })
            try await Task.sleep(for: .milliseconds(700))
        }
        try await AppCommand.waitUntilGone(sync)

        let synced = try String(contentsOf: output, encoding: .utf8)
        #expect(synced.contains("29 files, 28 new, 0 changed, 0 up to date, 0 failed, 1 locked"), "\(synced)")
        let bucket = try JSONDecoder().decode(Bucket.self, from: try await queue.server.control("GET", "/__control/rate_bucket"))
        #expect(bucket.throttled.map(\.path) == [], "requests met a 403")
        // The sync spent more than the bucket holds, so it was held back, not just quick.
        #expect(bucket.admitted * 40 > 600 + 50)
        #expect(statuses.count >= 3, "the sync ended before the interactive commands could run beside it")
        #expect(statuses.allSatisfy { $0.status == 0 }, "\(statuses.map(\.stdout))")
        let lows = statuses.compactMap { Self.remaining(in: $0.stdout) }.filter { $0 < 450 }
        #expect(!lows.isEmpty, "no status saw the budget drained below 450: \(statuses.map(\.stdout))")
    }

    @Test func statusSaysWhoseTokenFromWhereAndTheLastBudget() async throws {
        let queue = try UploadEndToEndTests.QueueOnCanvas()
        defer { queue.end() }
        let first = try AppCommand.run(["status"] + queue.canvas, environment: queue.environment)
        let host = try #require(queue.server.baseURL.host).appending(":\(try #require(queue.server.baseURL.port))")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.hasPrefix("Logged in to \(host) as Test User\nToken from CANVAS_TOKEN\nQueue: 0 queued, 0 waiting, 0 failed, 0 done\n"), "\(first.stdout)")
        #expect(first.stdout.contains("Canvas rate budget 700 left ("), "\(first.stdout)")

        var fromFile = queue.environment
        fromFile["CANVAS_TOKEN"] = nil
        let tokenFile = queue.directory.appendingPathComponent("token")
        try Data(queue.server.token.utf8).write(to: tokenFile)
        chmod(tokenFile.path, 0o600)
        let second = try AppCommand.run(["status", "--token-file", tokenFile.path] + queue.canvas, environment: fromFile)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.contains("Token from --token-file \(tokenFile.path)\n"), "\(second.stdout)")
    }

    @Test func statusOfARefusedTokenOrAnUnreachableCanvasExitsOne() async throws {
        let queue = try UploadEndToEndTests.QueueOnCanvas()
        defer { queue.end() }
        var wrong = queue.environment
        wrong["CANVAS_TOKEN"] = "not-the-token"
        let refused = try AppCommand.run(["status"] + queue.canvas, environment: wrong)
        #expect(refused.status == 1)
        #expect(refused.stdout.contains("rejected the access token from CANVAS_TOKEN"), "\(refused.stdout)")

        let json = try AppCommand.run(["status", "--json"] + queue.canvas, environment: wrong)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["token"] as? String == "refused")
        #expect(json.status == 1)

        queue.server.stop()
        let offline = try AppCommand.run(["status"] + queue.canvas, environment: queue.environment)
        #expect(offline.status == 1)
        #expect(offline.stdout.contains(": offline, the token was not checked (Can't reach"), "\(offline.stdout)")
    }

    /// What `rate budget N left` in a status's output says N is.
    private static func remaining(in output: String) -> Int? {
        guard let range = output.range(of: "rate budget ") else { return nil }
        return Int(output[range.upperBound...].prefix { $0.isNumber || $0 == "-" })
    }

    private func isZombie(_ pid: pid_t) -> Bool {
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        return stat.components(separatedBy: ") ").last?.hasPrefix("Z") ?? true
    }
}
