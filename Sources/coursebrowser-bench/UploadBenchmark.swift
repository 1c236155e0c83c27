import Foundation

/// The `upload` group: one large file sent to a course's Files on the fake Canvas by
/// `coursebrowser drain` (queued with `upload` first, untimed), and by curl doing Canvas's
/// three steps (ask for a ticket, post the file to it, confirm), taking turns.
struct UploadBenchmark {
    /// How large the file is (`--upload-bytes`, 200 MiB unless told).
    var bytes: Int
    var runs: Int
    /// The fake Canvas to run.
    var script: String

    func run(_ bench: Measurements) throws {
        let server = try FakeCanvasProcess(script: script, token: DownloadBenchmark.token, courses: 3)
        defer { server.stop() }
        let payload = bench.work + "/payload.bin"
        try Self.writeRandom(bytes, to: payload)
        defer { try? FileManager.default.removeItem(atPath: payload) }
        var (app, curl) = (DownloadBenchmark.Runs(), DownloadBenchmark.Runs())
        // The two take turns, so a machine that grows busier mid-run slows both alike; the fake
        // forgets the files between them, so neither pays for the other's.
        for turn in 0..<runs {
            _ = try server.control("POST", "/__control/reset", work: bench.work)
            app.add(try drain(bench, server: server, payload: payload, turn: turn))
            _ = try server.control("POST", "/__control/reset", work: bench.work)
            curl.add(try threeSteps(bench, server: server, payload: payload))
        }
        let size = megabytes(bytes)
        row("upload \(size): `drain` vs curl's three steps, median (min–max of \(runs))",
            DownloadBenchmark.spread(app.rates(bytes)), DownloadBenchmark.spread(curl.rates(bytes)), ratio(median(app.rates(bytes)), median(curl.rates(bytes))))
        row("upload \(size): wall time, median", figure(median(app.seconds), "s"), figure(median(curl.seconds), "s"),
            ratio(median(app.seconds), median(curl.seconds), places: 2))
        let (appPeak, curlPeak) = (app.peaks.max() ?? 0, curl.peaks.max() ?? 0)
        row("upload \(size): peak RSS, most of \(runs) (curl: its largest step)", megabytes(appPeak), megabytes(curlPeak), ratio(Double(appPeak), Double(curlPeak)))
    }

    /// Queues `payload` with `upload`, then times `drain` sending it.
    private func drain(_ bench: Measurements, server: FakeCanvasProcess, payload: String, turn: Int) throws -> ChildRun {
        let queue = bench.work + "/upload-queue-\(turn)"
        defer { try? FileManager.default.removeItem(atPath: queue) }
        let tokenFile = try bench.tokenFile(DownloadBenchmark.token)
        let common = ["--canvas", server.baseURL, "--token-file", tokenFile, "--data-dir", queue]
        let queued = try ChildRun.run(bench.app, ["upload"] + common + ["--course", "1", payload], environment: bench.environment, errorsTo: bench.work + "/upload.err")
        guard queued.exitStatus == 0 else { throw BenchFailure(description: "coursebrowser upload exited \(queued.exitStatus): \(queued.errors)") }
        let run = try ChildRun.run(bench.app, ["drain"] + common, environment: bench.environment, errorsTo: bench.work + "/drain.err")
        guard run.exitStatus == 0 else { throw BenchFailure(description: "coursebrowser drain exited \(run.exitStatus): \(run.errors)") }
        return run
    }

    /// Canvas's three steps with curl, as `Benchmarks/network.sh` takes them: the time of all
    /// three (and of reading the ticket between them), and the largest step's peak memory.
    private func threeSteps(_ bench: Measurements, server: FakeCanvasProcess, payload: String) throws -> ChildRun {
        let auth = "Authorization: Bearer \(DownloadBenchmark.token)"
        let (ticketFile, headers) = (bench.work + "/ticket.json", bench.work + "/upload-headers")
        let errors = bench.work + "/curl-upload.err"
        let start = ContinuousClock.now
        let ask = try ChildRun.run("/usr/bin/curl", ["-sS", "--fail", "-o", ticketFile, "-H", auth, "-d", "name=payload.bin", "-d", "size=\(bytes)",
                                                     "-d", "parent_folder_path=bench", "-d", "on_duplicate=overwrite", server.baseURL + "/api/v1/courses/1/files"],
                                   environment: bench.environment, errorsTo: errors)
        let ticket = (try? Data(contentsOf: URL(fileURLWithPath: ticketFile))).flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
        guard ask.exitStatus == 0, let ticket, let address = ticket["upload_url"] as? String else {
            throw BenchFailure(description: "curl's upload ticket failed (\(ask.exitStatus)): \(ask.errors)")
        }
        let fields = (ticket["upload_params"] as? [String: Any] ?? [:]).flatMap { ["-F", "\($0.key)=\($0.value)"] }
        let post = try ChildRun.run("/usr/bin/curl", ["-sS", "-o", "/dev/null", "-D", headers, "-H", "Expect:"] + fields + ["-F", "file=@\(payload)", address],
                                    environment: bench.environment, errorsTo: errors)
        let headerText = (try? String(contentsOfFile: headers, encoding: .utf8)) ?? ""
        let location = headerText.split(separator: "\r\n").first { $0.lowercased().hasPrefix("location:") }
            .map { $0.dropFirst("location:".count).trimmingCharacters(in: .whitespaces) }
        guard post.exitStatus == 0, let location else {
            throw BenchFailure(description: "curl's upload post failed (\(post.exitStatus)): \(post.errors)\(headerText)")
        }
        let confirm = try ChildRun.run("/usr/bin/curl", ["-sS", "--fail", "-o", "/dev/null", "-H", auth, location], environment: bench.environment, errorsTo: errors)
        guard confirm.exitStatus == 0 else { throw BenchFailure(description: "curl's upload confirmation failed: \(confirm.errors)") }
        let elapsed = ContinuousClock.now - start
        return ChildRun(seconds: milliseconds(elapsed) / 1000, peakMemory: [ask, post, confirm].map(\.peakMemory).max() ?? 0, exitStatus: 0, errors: "")
    }

    /// Writes `count` bytes from /dev/urandom to `path`, so nothing on the way can compress them.
    static func writeRandom(_ count: Int, to path: String) throws {
        guard let source = FileHandle(forReadingAtPath: "/dev/urandom"),
              FileManager.default.createFile(atPath: path, contents: nil),
              let target = FileHandle(forWritingAtPath: path)
        else { throw BenchFailure(description: "can't write \(path)") }
        defer { try? source.close(); try? target.close() }
        var left = count
        while left > 0 {
            let chunk = try source.read(upToCount: min(left, 1 << 20)) ?? Data()
            guard !chunk.isEmpty else { throw BenchFailure(description: "/dev/urandom ran dry") }
            try target.write(contentsOf: chunk)
            left -= chunk.count
        }
    }
}
