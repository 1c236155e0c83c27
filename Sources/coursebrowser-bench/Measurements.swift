import CourseKit
import Foundation
import UploadQueue

#if canImport(Glibc)
import Glibc
#endif

/// The app and its floor, run side by side on pseudo-terminals of one size.
struct Measurements {
    let app: String
    let floor: String
    let work: String
    let width = 140
    let height = 45

    /// The environment a new user's terminal would give: UTF-8, a common TERM, and homes of its own.
    var environment: [String: String] {
        ["TERM": "xterm-256color", "LANG": "C.UTF-8", "HOME": work, "PATH": "/usr/bin:/bin",
         "XDG_CONFIG_HOME": work + "/config", "XDG_CACHE_HOME": work + "/cache", "XDG_DATA_HOME": work + "/data"]
    }

    /// The environment with `home` in place of the benchmark's own home and XDG folders.
    func environment(home: String) -> [String: String] {
        environment.merging(["HOME": home, "XDG_CONFIG_HOME": home + "/config", "XDG_CACHE_HOME": home + "/cache", "XDG_DATA_HOME": home + "/data"]) { $1 }
    }

    /// Starts `executable` on a new pseudo-terminal; with `home`, its saved copies and queue are kept there.
    func start(_ executable: String, _ arguments: [String], home: String? = nil) throws -> PseudoTerminal {
        try PseudoTerminal(executable, arguments, environment: home.map(environment(home:)) ?? environment, width: width, height: height)
    }

    /// A file only the user may read holding `token`, as `--token-file` wants: one per token, so
    /// the groups of one run, each with its own fake site, never read another's.
    func tokenFile(_ token: String) throws -> String {
        let path = work + "/token-" + String(token.filter { $0.isASCII && ($0.isLetter || $0.isNumber) }.prefix(64))
        let written = (try? String(contentsOfFile: path, encoding: .utf8)) == token
            || FileManager.default.createFile(atPath: path, contents: Data(token.utf8), attributes: [.posixPermissions: 0o600])
        guard written else { throw BenchFailure(description: "can't write the token to \(path)") }
        return path
    }

    /// Milliseconds from start to `marker` on screen, for each of `runs` starts.
    func startTimes(_ executable: String, _ arguments: [String], marker: String, runs: Int) throws -> [Double] {
        try (0..<runs).map { _ in
            let terminal = try start(executable, arguments)
            defer { terminal.stop() }
            guard let shown = terminal.wait(for: marker) else { throw PseudoTerminal.Failure(description: "\(marker) never appeared") }
            return milliseconds(shown - terminal.started)
        }
    }

    /// Milliseconds from start until every one of `markers` is on screen, and the CPU
    /// milliseconds the program used from its start to its exit right after.
    func filledStart(_ executable: String, _ arguments: [String], markers: [String]) throws -> (wall: Double, cpu: Double) {
        let terminal = try start(executable, arguments)
        guard let shown = terminal.waitForEach(markers)?.max() else {
            terminal.stop()
            throw PseudoTerminal.Failure(description: "\(markers) never all appeared")
        }
        return (milliseconds(shown - terminal.started), terminal.stop())
    }

    /// Peak memory after the first frame settled.
    func peakMemory(_ executable: String, _ arguments: [String], marker: String) throws -> Int {
        let terminal = try start(executable, arguments)
        defer { terminal.stop() }
        try terminal.expect(marker)
        terminal.waitUntilQuiet()
        return terminal.peakMemory
    }

    struct KeyFigures {
        var latency: Double
        var cpu: Double
        var bytes: Int
    }

    /// Presses `key` `count` times once `marker` showed (after `setup` keys): median milliseconds
    /// to the answer, CPU milliseconds per key, and median bytes written per key.
    ///
    /// The CPU per key is the difference from a run that does the same but press the keys.
    func keys(_ executable: String, _ arguments: [String], marker: String, setup: String = "", then more: String = "", key: String = "j", count: Int = 200) throws -> KeyFigures {
        var latencies: [Double] = []
        var bytes: [Int] = []
        func session(pressing presses: Int) throws -> Double {
            let terminal = try start(executable, arguments)
            try terminal.expect(marker)
            terminal.waitUntilQuiet()
            for keys in [setup, more] where !keys.isEmpty {
                terminal.type(keys)
                terminal.waitUntilQuiet()
            }
            for _ in 0..<presses {
                let sent = ContinuousClock.now
                terminal.type(key)
                let answer = terminal.answer()
                guard let first = answer.first else { continue }
                latencies.append(milliseconds(first - sent))
                bytes.append(answer.bytes)
            }
            return terminal.stop()
        }
        let pressing = try session(pressing: count)
        let baseline = try session(pressing: 0)
        let cpu = max(0, pressing - baseline) / Double(max(1, latencies.count))
        return KeyFigures(latency: median(latencies), cpu: cpu, bytes: Int(median(bytes.map(Double.init))))
    }

    /// The share of one core the program uses over `seconds` once `marker` showed, while nobody
    /// types: read from the kernel's count before and after, so its start doesn't count.
    func idleCPU(_ executable: String, _ arguments: [String], marker: String, typing keys: String = "", seconds: Int = 5) throws -> Double {
        let terminal = try start(executable, arguments)
        defer { terminal.stop() }
        try terminal.expect(marker)
        if !keys.isEmpty {
            terminal.waitUntilQuiet()
            terminal.type(keys)
        }
        // A second to settle, then only what the idle seconds cost is counted.
        terminal.read(for: .seconds(1))
        let before = terminal.cpuSoFar
        terminal.read(for: .seconds(seconds))
        return (terminal.cpuSoFar - before) / Double(seconds * 1000) * 100
    }

    /// Milliseconds from start to `listed`, then from Enter to `opened`, and the peak memory before and after opening.
    func openLarge(_ arguments: [String], listed: String, opened: String) throws -> (list: Double, open: Double, memoryListed: Int, memoryOpened: Int) {
        let terminal = try start(app, arguments)
        defer { terminal.stop() }
        guard let shown = terminal.wait(for: listed, timeout: .seconds(120)) else { throw PseudoTerminal.Failure(description: "the list never appeared") }
        terminal.waitUntilQuiet()
        let listedMemory = terminal.peakMemory
        let offset = terminal.output.count
        let pressed = ContinuousClock.now
        terminal.type("\r")
        guard let open = terminal.wait(for: opened, since: offset, timeout: .seconds(120)) else { throw PseudoTerminal.Failure(description: "the course never opened") }
        terminal.waitUntilQuiet()
        return (milliseconds(shown - terminal.started), milliseconds(open - pressed), listedMemory, terminal.peakMemory)
    }

    /// A data directory holding `count` finished jobs and, with `waiting`, one job of another
    /// backend waiting to be retried (the Uploads pane counts down to it).
    func dataDirectory(named name: String, doneJobs count: Int, waiting: Bool) throws -> String {
        let directory = work + "/" + name
        let store = UploadStore(directory: URL(fileURLWithPath: directory), clock: .live)
        let file = URL(fileURLWithPath: work + "/essay.pdf")
        try Data("%PDF-1.4 essay".utf8).write(to: file)
        for _ in 0..<count {
            var job = try store.enqueue(file: file, course: CourseID(1), backend: "offline")
            job.state = .done
            try store.update(job)
        }
        if waiting {
            var job = try store.enqueue(file: file, course: CourseID(1), backend: "canvas https://school.example")
            job.state = .waiting(until: Date().addingTimeInterval(3_600), reason: "Can't reach school.example")
            try store.update(job)
        }
        return directory
    }
}

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
}
