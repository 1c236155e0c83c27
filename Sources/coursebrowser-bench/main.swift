// coursebrowser-bench: measures the app where a person waits on it, beside a baseline doing
// the same work in the same run, and prints app, baseline and ratio as one markdown table.
//
//     swift run -c release coursebrowser-bench [--quick]
//         [--only start,keys,idle,memory,html,large,filter,revalidate,upload,download,latency,moodle,cold]
//         [--download-bytes N] [--download-runs N] [--upload-bytes N] [--rtt-ms N] [--fake-canvas PATH]
//
// The app runs on pseudo-terminals of 140×45, typed at and read as a terminal would; the
// baseline is a bare ncursesw program (floor.c, compiled with `cc` when the bench starts)
// for what is drawn, `lynx -dump` for HTML, and curl for the network groups, which run
// against the loopback fake Canvas (`--fake-canvas`, else the repository's), the latency
// group through Benchmarks/latency_proxy.py (100 ms round trip unless told), and the moodle
// group against the fake Moodle through the same proxy (200 ms unless told). Figures are
// medians of several runs, the app and its baseline taking turns; `--quick` runs fewer, a
// 10,000-course filter in place of the 100,000 one and no 100k catalog; `--only` runs only
// the groups named. Upload and download move 200 MiB unless told.

import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Writes `line` to standard output at once, so a long run shows its progress.
func report(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func figure(_ value: Double, _ unit: String = "ms") -> String {
    String(format: value < 10 ? "%.2f %@" : "%.1f %@", value, unit)
}

func megabytes(_ bytes: Int) -> String {
    String(format: "%.1f MB", Double(bytes) / 1_048_576)
}

/// `app / floor` to `places` decimals: two where a goal is set near 1, so 1.14 doesn't read as 1.1.
func ratio(_ app: Double, _ floor: Double, places: Int = 1) -> String {
    floor > 0 ? String(format: "%.\(places)f×", app / floor) : "—"
}

func row(_ measure: String, _ app: String, _ floor: String = "", _ ratio: String = "") {
    report("| \(measure) | \(app) | \(floor) | \(ratio) |")
}

/// The folder this binary is in, where SwiftPM put the app beside it.
func buildDirectory() -> String {
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard count > 0 else { return "." }
    return URL(fileURLWithPath: String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)).deletingLastPathComponent().path
}

/// `path` in the package this was built from, else under the current folder.
func repositoryFile(_ path: String) -> String {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let built = root.appendingPathComponent(path).path
    return FileManager.default.fileExists(atPath: built) ? built : path
}

/// The value after `flag` on the command line, if it is there.
func option(_ flag: String) -> String? {
    let arguments = CommandLine.arguments
    return arguments.firstIndex(of: flag).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
}

/// The fake Canvas the network groups run: `--fake-canvas`, else the package's.
func fakeCanvasScript() -> String {
    option("--fake-canvas") ?? repositoryFile("Tests/FakeCanvas/fake_canvas.py")
}

/// One group of rows of the table.
struct Group {
    var name: String
    var run: (Measurements, _ quick: Bool) throws -> Void
}

let groups = [
    Group(name: "start") { bench, quick in
        // The two take turns, so a machine that grows busier mid-run slows both alike.
        var (appTimes, floorTimes): ([Double], [Double]) = ([], [])
        for _ in 0..<(quick ? 5 : 21) {
            appTimes += try bench.startTimes(bench.app, [], marker: "quit", runs: 1)
            floorTimes += try bench.startTimes(bench.floor, ["200"], marker: "quit", runs: 1)
        }
        let (app, floor) = (median(appTimes), median(floorTimes))
        row("first frame, embedded catalog", figure(app), figure(floor), ratio(app, floor))
        // Filled: the course list's and the Due pane's footers count their items only once
        // loaded (43 sample courses, 128 things due); the floor draws all it has at once.
        var (appFilled, floorFilled): ([(wall: Double, cpu: Double)], [(wall: Double, cpu: Double)]) = ([], [])
        for _ in 0..<(quick ? 5 : 21) {
            appFilled.append(try bench.filledStart(bench.app, [], markers: ["of 43 ", "of 128 "]))
            floorFilled.append(try bench.filledStart(bench.floor, ["200"], markers: ["quit"]))
        }
        let (appWall, floorWall) = (median(appFilled.map(\.wall)), median(floorFilled.map(\.wall)))
        let (appCPU, floorCPU) = (median(appFilled.map(\.cpu)), median(floorFilled.map(\.cpu)))
        row("start until all four panes are filled, embedded catalog", figure(appWall), figure(floorWall), ratio(appWall, floorWall))
        row("start until all four panes are filled: CPU, start to exit", figure(appCPU), figure(floorCPU), ratio(appCPU, floorCPU))
    },
    Group(name: "keys") { bench, _ in
        let list = bench.work + "/list.json"
        try BenchCatalog.write(to: list, count: 300)
        let app = try bench.keys(bench.app, ["--catalog", list], marker: "quit")
        let floor = try bench.keys(bench.floor, ["300"], marker: "quit")
        row("`j` in the list, per key", figure(app.latency), figure(floor.latency), ratio(app.latency, floor.latency))
        row("`j` in the list, CPU per key", figure(app.cpu), figure(floor.cpu), ratio(app.cpu, floor.cpu))
        row("bytes written for one `j`", "\(app.bytes) B", "\(floor.bytes) B", ratio(Double(app.bytes), Double(floor.bytes)))
        let big = bench.work + "/big-syllabus.json"
        try BenchCatalog.write(to: big, count: 300, firstSyllabus: 200_000)
        // Enter opens the first course, the long one; Shift-Tab twice goes back past Due to the list.
        let open = try bench.keys(bench.app, ["--catalog", big], marker: "quit", setup: "\r", then: "\u{1B}[Z\u{1B}[Z")
        row("`j` in the list, 200 KB syllabus open (vs nothing open)", figure(open.latency), figure(app.latency), ratio(open.latency, app.latency))
    },
    Group(name: "idle") { bench, quick in
        let big = bench.work + "/big-syllabus.json"
        try BenchCatalog.write(to: big, count: 300, firstSyllabus: 200_000)
        let waiting = try bench.dataDirectory(named: "waiting", doneJobs: 0, waiting: true)
        let countdown = try bench.idleCPU(bench.app, ["--catalog", big, "--data-dir", waiting], marker: "quit", typing: "\r")
        let floor = try bench.idleCPU(bench.floor, ["300"], marker: "quit")
        row("CPU while a countdown shows, 200 KB syllabus open", figure(countdown, "%"), figure(floor, "%"))
        let crowded = try bench.dataDirectory(named: "crowded", doneJobs: 1_000, waiting: false)
        let idle = try bench.idleCPU(bench.app, ["--data-dir", crowded], marker: "quit", seconds: quick ? 5 : 10)
        row("idle, 1,000 jobs in the queue", figure(idle, "%"), figure(floor, "%"))
        let empty = try bench.dataDirectory(named: "empty", doneJobs: 0, waiting: false)
        let seconds = quick ? 5 : 10
        let still = try bench.wakeups(bench.app, ["--data-dir", empty], marker: "quit", seconds: seconds)
        let floorWakeups = try bench.wakeups(bench.floor, ["300"], marker: "quit", seconds: seconds)
        row("wake-ups a second, nothing moving (vs the floor)", figure(still, "/s"), figure(floorWakeups, "/s"), ratio(still, floorWakeups))
        let crowdedWakeups = try bench.wakeups(bench.app, ["--data-dir", crowded], marker: "quit", seconds: seconds)
        row("wake-ups a second, 1,000 jobs in the queue", figure(crowdedWakeups, "/s"), figure(floorWakeups, "/s"), ratio(crowdedWakeups, floorWakeups))
    },
    Group(name: "memory") { bench, _ in
        let app = try bench.peakMemory(bench.app, [], marker: "quit")
        let floor = try bench.peakMemory(bench.floor, ["200"], marker: "quit")
        row("peak RSS, embedded catalog", megabytes(app), megabytes(floor), ratio(Double(app), Double(floor)))
    },
    Group(name: "html") { bench, quick in
        try HTMLBenchmark(runs: quick ? 1 : 3).run(bench)
    },
    Group(name: "large") { bench, quick in
        guard !quick else { return }
        let large = bench.work + "/100k.json"
        try BenchCatalog.write(to: large, count: 100_000, syllabus: 850)
        let size = (try? FileManager.default.attributesOfItem(atPath: large)[.size] as? Int) ?? 0
        // Three runs: times are their medians, memory the most any of them took.
        let runs = try (0..<3).map { _ in try bench.openLarge(["--catalog", large], listed: "· 100000", opened: "Teacher: Nguy") }
        let (listed, opened) = (runs.map(\.memoryListed).max() ?? 0, runs.map(\.memoryOpened).max() ?? 0)
        row("100k-course catalog (\(megabytes(size))): list on screen", figure(median(runs.map(\.list))))
        row("100k catalog: open a course", figure(median(runs.map(\.open))), "", "peak RSS \(megabytes(listed)) → \(megabytes(opened))")
        row("peak RSS, 100k catalog", megabytes(opened), "", String(format: "%.2f× the file", Double(opened) / Double(max(1, size))))
    },
    Group(name: "filter") { bench, quick in
        try FilterBenchmark(count: quick ? 10_000 : 100_000).run(bench)
    },
    Group(name: "revalidate") { bench, _ in
        try RevalidateBenchmark(script: fakeCanvasScript()).run(bench)
    },
    Group(name: "upload") { bench, quick in
        try UploadBenchmark(bytes: option("--upload-bytes").flatMap { Int($0) } ?? 200 << 20, runs: quick ? 1 : 5, script: fakeCanvasScript()).run(bench)
    },
    Group(name: "download") { bench, quick in
        try DownloadBenchmark(quick: quick).run(bench)
    },
    Group(name: "latency") { bench, quick in
        let rtt = Duration.milliseconds(option("--rtt-ms").flatMap { Int($0) } ?? 100)
        try LatencyBenchmark(runs: quick ? 3 : 7, script: fakeCanvasScript(), rtt: rtt).run(bench)
    },
    Group(name: "moodle") { bench, quick in
        let rtt = Duration.milliseconds(option("--rtt-ms").flatMap { Int($0) } ?? 200)
        try MoodleLatencyBenchmark(runs: quick ? 3 : 7, rtt: rtt).run(bench)
    },
    Group(name: "cold") { bench, quick in
        try ColdCommandBenchmark(runs: quick ? 7 : 15, script: fakeCanvasScript()).run(bench)
    },
]

@MainActor
func runBenchmarks(quick: Bool, only: Set<String>?) throws {
    let work = FileManager.default.temporaryDirectory.appendingPathComponent("coursebrowser-bench-\(getpid())").path
    try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: work) }
    let bench = Measurements(app: buildDirectory() + "/coursebrowser", floor: try Floor.build(in: work), work: work)
    report("coursebrowser beside its baseline: coursebrowser-floor (a bare ncursesw program built with cc), lynx -dump, curl; \(bench.width)×\(bench.height), medians")
    report("")
    report("| measure | app | baseline | ratio |")
    report("| --- | --- | --- | --- |")
    for group in groups where only?.contains(group.name) ?? true {
        try group.run(bench, quick)
    }
}

/// The groups `--only` names, or nil for all of them.
func chosenGroups() -> Set<String>? {
    option("--only").map { Set($0.split(separator: ",").map(String.init)) }
}

do {
    try runBenchmarks(quick: CommandLine.arguments.contains("--quick"), only: chosenGroups())
} catch {
    FileHandle.standardError.write(Data("coursebrowser-bench: \(error)\n".utf8))
    exit(1)
}
