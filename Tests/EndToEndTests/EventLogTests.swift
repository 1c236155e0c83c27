import Foundation
import Testing

/// `--event-log FILE` appends one JSON object per line for what the user did.
@Suite struct EventLogTests {
    @Test func eventLogRecordsShownPanesAsJSONLines() async throws {
        let tmux = try await TmuxSession()
        defer { tmux.close() }
        let log = tmux.directory.appendingPathComponent("events.jsonl")
        try tmux.launchApp(["--event-log", log.path])
        try await tmux.waitFor(box: "Courses · Current · 43", "the sample catalog") { $0.isFocused }
        try tmux.press("Down", "Enter")
        try await tmux.waitFor(box: "Course", "the second course") { $0.contains("日本近代文学講読") }
        try tmux.press("q")
        #expect(try await tmux.waitForExit() == 0)

        let events = try Self.events(in: log)
        let shown = events.filter { $0["event"] == "pane_shown" }.map { $0["pane"] }
        #expect(shown == ["courses", "course"], "\(events)")
        #expect(events.allSatisfy { $0["time"] != nil }, "every event has a time: \(events)")
    }

    @Test func eventLogRecordsFailedLoadsAndRetries() async throws {
        let tmux = try await TmuxSession()
        defer { tmux.close() }
        let log = tmux.directory.appendingPathComponent("events.jsonl")
        let catalog = tmux.directory.appendingPathComponent("missing.json")
        try tmux.launchApp(["--catalog", catalog.path, "--event-log", log.path])
        try await tmux.waitFor(box: "Courses · Current", "the missing-file error") { $0.contains("[r]etry") }
        try tmux.press("r")
        // The Due pane reads the same missing file and logs its own failure; this test follows the Courses pane's.
        func coursesEvents() throws -> [[String: String]] { try Self.events(in: log).filter { $0["pane"] == "courses" } }
        try await eventually("the retry to fail and be logged") {
            (try? coursesEvents())?.filter { $0["event"] == "load_failed" }.count == 2
        }
        try tmux.press("q")
        #expect(try await tmux.waitForExit() == 0)

        let events = try coursesEvents()
        let names = events.map { $0["event"] ?? "" }
        #expect(names == ["pane_shown", "load_failed", "retry_pressed", "load_failed"], "\(events)")
        #expect(try Self.events(in: log).contains { $0["pane"] == "due" && $0["event"] == "load_failed" }, "the Due pane says its own")
        let failure = try #require(events.first { $0["event"] == "load_failed" })
        #expect(failure["pane"] == "courses")
        #expect(failure["message"] == "Can't find catalog file \(catalog.path)")
        #expect(events.first { $0["event"] == "retry_pressed" }?["pane"] == "courses")
    }

    /// Every line of the log as a flat JSON object; fails the test on a line that isn't one.
    static func events(in log: URL) throws -> [[String: String]] {
        let text = try String(contentsOf: log, encoding: .utf8)
        #expect(text.hasSuffix("\n"), "every event ends its line")
        return try text.split(separator: "\n").map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
            return try #require(object as? [String: String], "not a flat JSON object: \(line)")
        }
    }
}
