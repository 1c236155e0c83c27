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

    /// The screen now, even halfway through a redraw: while the syllabus converts, the line
    /// count in the Course box's border changes too often for the screen ever to settle.
    static func capture(_ tmux: TmuxSession, socket: String) async throws -> Screen {
        let tmuxPath = try #require(Command.which("tmux"))
        let result = try await offThePool {
            try Command.run(tmuxPath, ["-u", "-S", socket, "capture-pane", "-p", "-t", "e2e"], environment: ["LANG": "C.UTF-8"])
        }
        return Screen(result.stdout, width: 140)
    }

    /// Captures the screen every 20 ms until `condition` holds for it.
    static func poll(_ tmux: TmuxSession, socket: String, _ expectation: String, until condition: (Screen) -> Bool) async throws -> Screen {
        let deadline = ContinuousClock.now + .seconds(120)
        while true {
            let screen = try await capture(tmux, socket: socket)
            if condition(screen) { return screen }
            guard ContinuousClock.now < deadline else { throw NeverShown(expectation: expectation, screen: screen) }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    struct NeverShown: Error, CustomStringConvertible {
        var expectation: String
        var screen: Screen
        var description: String { "never shown: \(expectation)\n\(screen)" }
    }

    /// How many lines the Course pane holds, from the "shown/total" count in its border.
    static func lineCount(_ screen: Screen) -> Int? {
        let counts = screen.lines.compactMap { line -> Int? in
            guard let match = line.firstMatch(of: /(\d+)\/(\d+)/) else { return nil }
            return Int(match.2)
        }
        return counts.max()
    }

    @Test func tabIsAnsweredWhileTheRestConvertsAndGReachesTheEnd() async throws {
        let tmux = try await TmuxSession(width: 140, height: 45)
        defer { tmux.close() }
        let catalog = tmux.directory.appendingPathComponent("long.json")
        try Self.catalog(syllabusBytes: 10_000_000).write(to: catalog)
        let socket = try tmux.format("#{socket_path}")
        try tmux.launchApp(["--catalog", catalog.path, "--course", "1"])

        let first = try await Self.poll(tmux, socket: socket, "the syllabus's first screenful") {
            $0.box("Course")?.contains("Section one opens the syllabus.") == true
        }
        #expect(first.box("Course")?.isFocused == true, "\(first)")
        // At once: a release build converts the rest in well under a second, and a key sent
        // later may find it done, proving nothing.
        try tmux.press("Tab")
        let moved = try await Self.poll(tmux, socket: socket, "focus leaving the Course pane") {
            $0.box("Course")?.isFocused == false
        }
        let linesWhenMoved = try #require(Self.lineCount(moved), "\(moved)")

        try tmux.press("BTab")
        try await tmux.waitFor(box: "Course", "focus back", timeout: .seconds(120)) { $0.isFocused }
        // `G` goes to the end of what is converted so far; pressed again once all is, it shows the last line.
        let end = try await Self.poll(tmux, socket: socket, "the syllabus's last line") { screen in
            if screen.box("Course")?.contains(Self.lastLine) == true { return true }
            try? tmux.press("G")
            return false
        }
        let allLines = try #require(Self.lineCount(end), "\(end)")
        #expect(linesWhenMoved < allLines, "focus moved while the syllabus was still being converted")
        #expect(end.box("Course")?.contains("Reading the rest of the syllabus") == false)
    }
}
