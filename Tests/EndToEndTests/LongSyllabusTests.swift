import Foundation
import Testing

/// A course whose syllabus is 10 MB of HTML: its first screenful shows while the rest is
/// converted, Tab is answered meanwhile, and `G` reaches the syllabus's last line once all is in.
@Suite struct LongSyllabusTests {
    static let lastLine = "The very last line of the syllabus."

    /// A two-course catalog; course 1's syllabus is about `bytes` bytes of HTML, numbered by section.
    static func catalog(syllabusBytes bytes: Int) throws -> Data {
        let section = "<h3>Tuần học &amp; bài tập</h3><p>Đọc giáo trình chương một và hai trước buổi học; "
            + "nộp bài tập qua Canvas trước 23:59 thứ Sáu. Late work loses 10&nbsp;% a day &mdash; ask early.</p>"
            + "<ul><li>Lab 1: variables &lt;and&gt; types</li><li>Lab 2: điều kiện và vòng lặp</li></ul>"
        let syllabus = "<p>Section one opens the syllabus.</p>"
            + String(repeating: section, count: bytes / section.utf8.count) + "<p>\(lastLine)</p>"
        let courses: [[String: Any]] = [
            ["id": 1, "name": "Algorithms (long syllabus)", "course_code": "ALG 1", "syllabus_body": syllabus],
            ["id": 2, "name": "Short", "course_code": "S 2", "syllabus_body": "<p>Short.</p>"],
        ]
        return try JSONSerialization.data(withJSONObject: ["courses": courses])
    }

    /// Reads and types into the test's tmux pane from whatever thread calls it.
    ///
    /// The race this test runs (see the Tab below) is against the app's converter, so its steps
    /// run on a thread of their own: tasks wait for the few threads every parallel test shares,
    /// and on a loaded machine one wait there has outlasted the whole conversion.
    struct Pane: Sendable {
        let tmuxPath: String
        let socket: String

        /// The screen now, even halfway through a redraw: while the syllabus converts, the line
        /// count in the Course box's border changes too often for the screen ever to settle.
        func capture() throws -> Screen {
            Screen(try tmux(["capture-pane", "-p", "-t", "e2e"]), width: 140)
        }

        /// Presses one key by tmux name.
        func press(_ key: String) throws {
            _ = try tmux(["send-keys", "-t", "e2e", key])
        }

        /// Captures the screen every 20 ms until `condition` holds for it.
        func poll(_ expectation: String, until condition: (Screen) throws -> Bool) throws -> Screen {
            let deadline = ContinuousClock.now + .seconds(120)
            while true {
                let screen = try capture()
                if try condition(screen) { return screen }
                guard ContinuousClock.now < deadline else { throw NeverShown(expectation: expectation, screen: screen) }
                usleep(20_000)
            }
        }

        private func tmux(_ arguments: [String]) throws -> String {
            let result = try Command.run(tmuxPath, ["-u", "-S", socket] + arguments, environment: ["LANG": "C.UTF-8"])
            guard result.status == 0 else { throw TmuxSession.TmuxError(description: "tmux \(arguments) failed: \(result.stderr)") }
            return result.stdout
        }
    }

    struct NeverShown: Error, CustomStringConvertible {
        var expectation: String
        var screen: Screen
        var description: String { "never shown: \(expectation)\n\(screen)" }
    }

    /// How many lines the Course pane holds, from the "first–last of total" in its border.
    static func lineCount(_ screen: Screen) -> Int? {
        let counts = screen.lines.compactMap { line -> Int? in
            guard let match = line.firstMatch(of: /(\d+)–(\d+) of (\d+)/) else { return nil }
            return Int(match.3)
        }
        return counts.max()
    }

    @Test func tabIsAnsweredWhileTheRestConvertsAndGReachesTheEnd() async throws {
        let tmux = try await TmuxSession(width: 140, height: 45)
        defer { tmux.close() }
        let catalog = tmux.directory.appendingPathComponent("long.json")
        try Self.catalog(syllabusBytes: 10_000_000).write(to: catalog)
        let pane = Pane(tmuxPath: try #require(Command.which("tmux")), socket: try tmux.format("#{socket_path}"))
        try tmux.launchApp(["--catalog", catalog.path, "--course", "1"])

        // At once: a release build converts the rest in about a second, and a key sent later may
        // find it done, proving nothing.
        let (first, moved) = try await offThePool {
            let first = try pane.poll("the syllabus's first screenful") {
                $0.box("Course")?.contains("Section one opens the syllabus.") == true
            }
            try pane.press("Tab")
            let moved = try pane.poll("focus leaving the Course pane") { $0.box("Course")?.isFocused == false }
            return (first, moved)
        }
        #expect(first.box("Course")?.isFocused == true, "\(first)")
        let linesWhenMoved = try #require(Self.lineCount(moved), "\(moved)")

        try tmux.press("BTab")
        try await tmux.waitFor(box: "Course", "focus back", timeout: .seconds(120)) { $0.isFocused }
        // `G` goes to the end of what is converted so far; pressed again once all is, it shows the last line.
        let end = try await offThePool {
            try pane.poll("the syllabus's last line") { screen in
                if screen.box("Course")?.contains(Self.lastLine) == true { return true }
                try pane.press("G")
                return false
            }
        }
        let allLines = try #require(Self.lineCount(end), "\(end)")
        #expect(linesWhenMoved < allLines, "focus moved while the syllabus was still being converted")
        #expect(end.box("Course")?.contains("Reading the rest of the syllabus") == false)
    }
}
