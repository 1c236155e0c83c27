import Foundation

/// The `html` group: a course whose syllabus is 1 MB and 10 MB of HTML opened in the app on a
/// pseudo-terminal, beside `lynx -dump` of the same HTML; and a Tab sent while the 10 MB one
/// loads, and while a 10 MB one that is a single paragraph loads; and a resize with the 10 MB one
/// open, beside the floor's.
struct HTMLBenchmark {
    var runs: Int

    /// What one opening of the long syllabus showed.
    struct Opening {
        /// Milliseconds from Enter to the syllabus's first line on screen.
        var first: Double
        /// Milliseconds from Enter to its last line on screen, `G` pressed until it shows: the
        /// whole syllabus is laid out.
        var loaded: Double
        /// The app's peak resident memory once the last line showed.
        var peak: Int
        /// Milliseconds of the longest silence on screen from Enter to the first line: the
        /// spinner turns every 100 ms, so a longer one is the app not drawing (nor reading keys).
        var silence: Double
    }

    func run(_ bench: Measurements) throws {
        for size in [1_000_000, 10_000_000] {
            let label = "\(size / 1_000_000) MB"
            let catalog = bench.work + "/syllabus-\(size).json"
            try BenchCatalog.write(to: catalog, count: 30, firstSyllabus: size)
            let page = bench.work + "/syllabus-\(size).html"
            try Data(("<html><head><meta charset=\"utf-8\"></head><body>" + BenchCatalog.syllabus(bytes: size) + "</body></html>").utf8)
                .write(to: URL(fileURLWithPath: page))
            var openings: [Opening] = []
            var lynx: [ChildRun] = []
            // The two take turns, so a machine that grows busier mid-run slows both alike.
            for _ in 0..<runs {
                openings.append(try open(bench, catalog: catalog))
                lynx.append(try Self.lynx(bench, page: page))
            }
            let first = median(openings.map(\.first))
            let loaded = median(openings.map(\.loaded))
            let lynxTime = median(lynx.map { $0.seconds * 1000 })
            let (peak, lynxPeak) = (openings.map(\.peak).max() ?? 0, lynx.map(\.peakMemory).max() ?? 0)
            row("syllabus of \(label) of HTML: Enter to its first line on screen (vs lynx -dump, whole)", figure(first), figure(lynxTime), ratio(first, lynxTime))
            row("syllabus of \(label) of HTML: Enter to its last line (`G`) on screen (vs lynx -dump)", figure(loaded), figure(lynxTime), ratio(loaded, lynxTime))
            row("syllabus of \(label) of HTML: peak RSS (vs lynx -dump)", megabytes(peak), megabytes(lynxPeak), ratio(Double(peak), Double(lynxPeak)))
            let silences = openings.map(\.silence)
            row("syllabus of \(label) of HTML: longest the screen stood still from Enter to the first line (the spinner turns every 100 ms), median (most)",
                "\(figure(median(silences))) (\(figure(silences.max() ?? 0)))")
        }
        let catalog = bench.work + "/syllabus-10000000.json"
        let answers = try (0..<max(5, runs)).map { _ in try tabWhileLoading(bench, catalog: catalog) }
        row("Tab sent 300 ms into opening the 10 MB syllabus: to the focus change on screen, median (slowest of \(answers.count))",
            "\(figure(median(answers))) (\(figure(answers.max() ?? 0)))", "", "")
        let paragraph = bench.work + "/paragraph-10000000.json"
        try BenchCatalog.write(to: paragraph, count: 30, firstSyllabus: 10_000_000, oneParagraph: true)
        let firsts = try (0..<runs).map { _ in try open(bench, catalog: paragraph).first }
        row("syllabus of 10 MB of HTML in one paragraph: Enter to its first line on screen, median", figure(median(firsts)))
        let waits = try (0..<max(5, runs)).map { _ in try tabWhileLoading(bench, catalog: paragraph) }
        row("Tab sent 300 ms into opening the 10 MB syllabus of one paragraph: to the focus change on screen, median (slowest of \(waits.count))",
            "\(figure(median(waits))) (\(figure(waits.max() ?? 0)))", "", "")
        var (resizes, floorResizes): ([Double], [Double]) = ([], [])
        for _ in 0..<max(5, runs) {
            resizes.append(try resizeWithSyllabusOpen(bench, catalog: catalog))
            floorResizes.append(try Self.resize(try bench.start(bench.floor, [])))
        }
        row("resize to 70×24 with the 10 MB syllabus open: to the screen drawn anew, median (slowest of \(resizes.count)) (vs the floor)",
            "\(figure(median(resizes))) (\(figure(resizes.max() ?? 0)))", figure(median(floorResizes)), ratio(median(resizes), median(floorResizes)))
    }

    /// Milliseconds from a resize to 70×24, with the 10 MB syllabus open and laid out whole, to the screen cleared for the new size.
    private func resizeWithSyllabusOpen(_ bench: Measurements, catalog: String) throws -> Double {
        let terminal = try bench.start(bench.app, ["--catalog", catalog])
        try terminal.expect(BenchCatalog.longSyllabusName)
        terminal.waitUntilQuiet()
        terminal.type("\r")
        guard terminal.wait(for: BenchCatalog.syllabusFirstLine, timeout: .seconds(120)) != nil, Self.pressG(terminal) != nil else {
            terminal.stop()
            throw BenchFailure(description: "the syllabus never showed whole")
        }
        return try Self.resize(terminal)
    }

    /// Milliseconds from resizing `terminal`, once quiet, to 70×24 to the screen cleared for the new size; stops it.
    private static func resize(_ terminal: PseudoTerminal) throws -> Double {
        defer { terminal.stop() }
        terminal.waitUntilQuiet()
        let offset = terminal.output.count
        let sent = ContinuousClock.now
        try terminal.resize(width: 70, height: 24)
        guard let shown = terminal.wait(for: "\u{1B}[2J", since: offset, timeout: .seconds(60)) else {
            throw BenchFailure(description: "the screen was never drawn anew after the resize")
        }
        return milliseconds(shown - sent)
    }

    /// Presses `G` until the syllabus's last line shows; when it did, or nil after two minutes.
    private static func pressG(_ terminal: PseudoTerminal) -> ContinuousClock.Instant? {
        let deadline = ContinuousClock.now + .seconds(120)
        while ContinuousClock.now < deadline {
            let before = terminal.output.count
            terminal.type("G")
            if let shown = terminal.wait(for: BenchCatalog.syllabusLastLine, since: before, timeout: .milliseconds(20)) {
                return shown
            }
        }
        return nil
    }

    /// Opens the long syllabus (the first course) and presses `G` until its last line shows.
    private func open(_ bench: Measurements, catalog: String) throws -> Opening {
        let terminal = try bench.start(bench.app, ["--catalog", catalog])
        defer { terminal.stop() }
        try terminal.expect(BenchCatalog.longSyllabusName)
        terminal.waitUntilQuiet()
        let offset = terminal.output.count
        let pressed = ContinuousClock.now
        terminal.startTimingSilences()
        terminal.type("\r")
        guard let first = terminal.wait(for: BenchCatalog.syllabusFirstLine, since: offset, timeout: .seconds(120)) else {
            throw BenchFailure(description: "the syllabus's first line never showed")
        }
        let silence = milliseconds(terminal.longestSilence)
        guard let loaded = Self.pressG(terminal) else { throw BenchFailure(description: "the syllabus's last line never showed") }
        terminal.waitUntilQuiet()
        return Opening(first: milliseconds(first - pressed), loaded: milliseconds(loaded - pressed), peak: terminal.peakMemory, silence: silence)
    }

    /// Milliseconds from a Tab sent 300 ms after Enter to the next pane's title drawn as the focused one.
    private func tabWhileLoading(_ bench: Measurements, catalog: String) throws -> Double {
        let terminal = try bench.start(bench.app, ["--catalog", catalog])
        defer { terminal.stop() }
        try terminal.expect(BenchCatalog.longSyllabusName)
        terminal.waitUntilQuiet()
        terminal.type("\r")
        terminal.read(for: .milliseconds(300))
        let offset = terminal.output.count
        let sent = ContinuousClock.now
        terminal.type("\t")
        // The focused pane's title is drawn bold and reversed; Tab from the open course focuses the Queue.
        guard let shown = terminal.wait(for: Self.focusedQueue, since: offset, timeout: .seconds(60)) else {
            throw BenchFailure(description: "the focus never moved to the Queue")
        }
        return milliseconds(shown - sent)
    }

    static let focusedQueue = "\u{1B}[0;1;7m Queue "

    /// `lynx -dump` of `page`, at the width of the app's course pane.
    static func lynx(_ bench: Measurements, page: String) throws -> ChildRun {
        let run = try ChildRun.run("/usr/bin/lynx", ["-dump", "-nolist", "-assume_charset=utf-8", "-display_charset=utf-8", "-width=90", page],
                                   environment: bench.environment, errorsTo: bench.work + "/lynx.err")
        guard run.exitStatus == 0 else { throw BenchFailure(description: "lynx exited \(run.exitStatus): \(run.errors)") }
        return run
    }
}
