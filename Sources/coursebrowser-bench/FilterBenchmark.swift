import Foundation

/// The `filter` group: `/` in the course list of a large catalog, then a query typed one key at
/// a time, in the app and in the floor (the same names, its own plain substring filter), both on
/// pseudo-terminals: from each key to the last byte of the screen's update.
struct FilterBenchmark {
    var count: Int
    let query = "lap trinh 42"

    /// Milliseconds from `/` to its answer, then from each key of the query to its answer.
    struct Typing {
        var open: Double
        var keys: [Double]
    }

    func run(_ bench: Measurements) throws {
        let catalog = bench.work + "/filter-\(count).json"
        try BenchCatalog.write(to: catalog, count: count, syllabus: 850)
        let names = bench.work + "/filter-\(count).names"
        try Data((0..<count).map { Self.floorLine(BenchCatalog.name($0)) }.joined().utf8).write(to: URL(fileURLWithPath: names))
        let app = try type(bench, bench.app, ["--catalog", catalog], marker: "· \(count)")
        let floor = try type(bench, bench.floor, [names], marker: "quit")
        let label = "\(count.formatted()) courses"
        row("filter of \(label): `/`", figure(app.open), figure(floor.open), ratio(app.open, floor.open))
        let (appKey, floorKey) = (median(app.keys), median(floor.keys))
        row("filter of \(label): typing \"\(query)\", per key to the screen updated", figure(appKey), figure(floorKey), ratio(appKey, floorKey))
        let (appSlowest, floorSlowest) = (app.keys.max() ?? 0, floor.keys.max() ?? 0)
        row("filter of \(label): slowest key", figure(appSlowest), figure(floorSlowest), ratio(appSlowest, floorSlowest))
    }

    /// A line of the floor's list file: the name as shown, a tab, the name folded as the app folds it for search.
    static func floorLine(_ name: String) -> String {
        let folded = name.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .replacingOccurrences(of: "đ", with: "d")
        return name + "\t" + folded + "\n"
    }

    private func type(_ bench: Measurements, _ executable: String, _ arguments: [String], marker: String) throws -> Typing {
        let terminal = try bench.start(executable, arguments)
        defer { terminal.stop() }
        try terminal.expect(marker, timeout: .seconds(120))
        terminal.waitUntilQuiet()
        func press(_ key: String) -> Double {
            let sent = ContinuousClock.now
            terminal.type(key)
            // A long quiet, so an update drawn in two parts is waited for whole.
            let answer = terminal.answer(quiet: .milliseconds(100))
            return answer.last.map { milliseconds($0 - sent) } ?? .nan
        }
        let open = press("/")
        let keys = query.map { press(String($0)) }
        guard !open.isNaN, !keys.contains(where: \.isNaN) else {
            throw BenchFailure(description: "\(executable) did not answer a key of the filter")
        }
        // Escape closes the filter, so the `q` of stop() quits.
        terminal.type("\u{1B}")
        terminal.waitUntilQuiet()
        return Typing(open: open, keys: keys)
    }
}
