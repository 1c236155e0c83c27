import FakeCanvasKit
import Foundation
import Testing

/// The Due pane and `due` against the fake Canvas after a teacher gave more time on one
/// assignment, asked for another again, and a third went missing weeks ago; and the teacher's
/// feedback file downloaded from under its assignment.
@Suite(.serialized) struct DueFlagsEndToEndTests {
    /// Course 3's Homework 1 (missing) extended, course 2's Homework 1 (graded B) asked for
    /// again, and course 3's Essay moved three weeks back, where the planner's dates don't reach.
    static func teacherChanges(_ server: FakeCanvasServer) async throws {
        _ = try await server.control("POST", "/__control/changes", json: """
            [{"kind": "extend", "assignment": 500031}, {"kind": "redo", "assignment": 500021},
             {"kind": "move_due", "assignment": 500032, "due_in_days": -21}]
            """)
    }

    @Test func dueSaysExtendedRedoRequestedAndListsOldMissingWork() async throws {
        let server = try FakeCanvasServer()
        defer { server.stop() }
        try await server.configure(#"{"role": "student"}"#)
        try await Self.teacherChanges(server)
        let home = try UploadEndToEndTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: home) }
        let result = try DueCommandTests.due(["--json"], canvas: server, home: home)
        #expect(result.status == 0, "\(result.stderr)")
        let items = try DueCommandTests.items(result)
        let state = { (id: String) in items.first { $0["id"] as? String == "assignment:\(id)" }?["state"] as? String }
        #expect(state("500031") == "extended")
        #expect(state("500021") == "redo_requested")
        #expect(state("500032") == "missing", "missing for three weeks, beyond the planner's two: \(items.map { $0["id"] ?? "" })")

        let text = try DueCommandTests.due([], canvas: server, home: home)
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.contains("Homework 1") && $0.hasSuffix("extended") }, "\(text.stdout)")
        #expect(lines.contains { $0.contains("Homework 1") && $0.hasSuffix("redo requested") }, "\(text.stdout)")

        // The pane: the Essay missing for three weeks leads Missing, the oldest first.
        let tmux = try await TmuxSession(width: 120, height: 50)
        defer { tmux.close() }
        try tmux.launchApp(canvas: server, ["--due"])
        let dueBox = { (screen: Screen) in screen.boxes.first { $0.title.hasPrefix("Due") } }
        let screen = try await tmux.waitFor("the old missing essay") { dueBox($0)?.lines.contains { $0.contains("Essay") } == true }
        let due = try #require(dueBox(screen))
        let rows = due.lines.map { $0.trimmingCharacters(in: .whitespaces) }
        let missing = try #require(rows.firstIndex(of: "Missing"), "\(due)")
        #expect(rows[missing + 1].contains("Essay"), "\(due)")
        try tmux.press("q")
        #expect(try await tmux.waitForExit() == 0)
    }

    @Test func theTeachersFileUnderAnAssignmentDownloadsIntoFeedback() async throws {
        let server = try FakeCanvasServer()
        defer { server.stop() }
        try await server.configure(#"{"role": "student"}"#)
        let tmux = try await TmuxSession(width: 120, height: 50)
        defer { tmux.close() }
        // Course 7: Homework 1 graded B with a comment and its marked copy.
        try tmux.launchApp(canvas: server, ["--course", "7"])
        try await tmux.waitFor(box: "Course", "the comment's file") { $0.contains("attached: Marked Homework 1.pdf") }
        try tmux.press("n")
        try tmux.press("n")
        try tmux.press("d")
        let folder = tmux.directory.appendingPathComponent("Downloads/coursebrowser/CHEM 107/Feedback/Homework 1")
        try await eventually("the file downloaded") {
            FileManager.default.fileExists(atPath: folder.appendingPathComponent("Marked Homework 1.pdf").path)
        }
        let size = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("Marked Homework 1.pdf").path)[.size] as? Int
        #expect(size == 3_007, "the whole file: 3,000 bytes and the course's 7")
        try tmux.press("q")
        #expect(try await tmux.waitForExit() == 0)
    }
}
