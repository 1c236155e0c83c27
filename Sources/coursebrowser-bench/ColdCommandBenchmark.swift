import Foundation

/// The `cold` group: the commands scripts run (`due --json`, `calendar`, `status`) against a small
/// loopback fake Canvas, each with nothing saved from before (a fresh home every run, so no saved
/// copy or cached answer stands in for Canvas's), from its start to its exit; beside `curl -s` of
/// the first API address the command needs, the two taking turns (ABBA).
struct ColdCommandBenchmark {
    var runs: Int
    /// The fake Canvas to run.
    var script: String

    /// One command, and the request of its that curl makes alone.
    struct Command {
        var arguments: [String]
        /// The path (without its query) of the request that stands for the command's first:
        /// the one its answer needs (the Due list's planner items, the status's user).
        var firstPath: String
    }

    static let commands = [
        Command(arguments: ["due", "--json"], firstPath: "/api/v1/planner/items"),
        Command(arguments: ["calendar"], firstPath: "/api/v1/planner/items"),
        Command(arguments: ["status"], firstPath: "/api/v1/users/self"),
    ]

    func run(_ bench: Measurements) throws {
        let server = try FakeCanvasProcess(script: script, token: DownloadBenchmark.token, courses: 5)
        defer { server.stop() }
        let tokenFile = try bench.tokenFile(DownloadBenchmark.token)
        for command in Self.commands {
            let name = command.arguments.joined(separator: " ")
            // Untimed, each once: the address curl is to fetch, and both programs' files read from disk before the first timed run.
            let address = try firstAddress(of: command, bench, server: server, tokenFile: tokenFile)
            _ = try curl(address, bench)
            var (app, floor): ([Double], [Double]) = ([], [])
            for turn in 0..<runs {
                if turn % 4 == 0 || turn % 4 == 3 {
                    app.append(try cold(command, bench, server: server, tokenFile: tokenFile, turn: turn))
                    floor.append(try curl(address, bench))
                } else {
                    floor.append(try curl(address, bench))
                    app.append(try cold(command, bench, server: server, tokenFile: tokenFile, turn: turn))
                }
            }
            let (appTime, curlTime) = (median(app), median(floor))
            row("`\(name)` on a small Canvas, cold (vs one curl of its first URL)", figure(appTime), figure(curlTime), ratio(appTime, curlTime, places: 2))
        }
    }

    /// The whole address of the command's first request, as the fake Canvas logged it from a cold run.
    private func firstAddress(of command: Command, _ bench: Measurements, server: FakeCanvasProcess, tokenFile: String) throws -> String {
        _ = try server.control("DELETE", "/__control/requests", work: bench.work)
        _ = try cold(command, bench, server: server, tokenFile: tokenFile, turn: -1)
        let paths = try server.requests(work: bench.work)
            .sorted { ($0["seq"] as? Int ?? 0) < ($1["seq"] as? Int ?? 0) }
            .compactMap { $0["path"] as? String }
        guard let path = paths.first(where: { $0.split(separator: "?", maxSplits: 1).first.map(String.init) == command.firstPath }) else {
            throw BenchFailure(description: "`\(command.arguments.joined(separator: " "))` never asked for \(command.firstPath): \(paths)")
        }
        return server.baseURL + path
    }

    /// Milliseconds from the app's start to its exit, in a home of its own with nothing in it.
    private func cold(_ command: Command, _ bench: Measurements, server: FakeCanvasProcess, tokenFile: String, turn: Int) throws -> Double {
        let home = bench.work + "/cold-\(turn)"
        try? FileManager.default.removeItem(atPath: home)
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let run = try ChildRun.run(bench.app, command.arguments + ["--canvas", server.baseURL, "--token-file", tokenFile],
                                   environment: bench.environment(home: home), errorsTo: bench.work + "/cold.err")
        guard run.exitStatus == 0 else {
            throw BenchFailure(description: "`\(command.arguments.joined(separator: " "))` exited \(run.exitStatus): \(run.errors)")
        }
        return run.seconds * 1000
    }

    /// Milliseconds `curl -s` takes to start, fetch `address` with the token and exit.
    private func curl(_ address: String, _ bench: Measurements) throws -> Double {
        let run = try ChildRun.run("/usr/bin/curl", ["-s", "--fail", "-H", "Authorization: Bearer \(DownloadBenchmark.token)", address],
                                   environment: bench.environment, errorsTo: bench.work + "/cold-curl.err")
        guard run.exitStatus == 0 else { throw BenchFailure(description: "curl of \(address) exited \(run.exitStatus): \(run.errors)") }
        return run.seconds * 1000
    }
}
