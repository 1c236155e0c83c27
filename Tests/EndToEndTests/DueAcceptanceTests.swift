import FakeCanvasKit
import Foundation
import Testing

/// The student's day from one screen: with due work in three Canvas courses, `--due` shows it
/// at start, `s` on a row hands in to that assignment, the row turns ✓ once the queue has sent
/// it, and Enter opens the row's course.
@Suite struct DueAcceptanceTests {
    /// The rows of the Due pane that name an assignment, trimmed.
    static func rows(_ box: Box) -> [String] {
        box.lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !DueTests.isHeading($0) }
    }

    @Test func dueWorkInThreeCoursesIsHandedInFromTheDuePaneAndShowsDone() async throws {
        // Six courses on the fake, of which 2, 3 and 6 are current with work due.
        let server = try FakeCanvasServer(arguments: ["--courses", "6"])
        defer { server.stop() }
        try await server.configure(#"{"role": "student"}"#)
        let tmux = try await TmuxSession(width: 120, height: 60)
        defer { tmux.close() }
        let essay = tmux.directory.appendingPathComponent("essay.pdf")
        _ = try TestFile.write(essay, size: 3000)
        try tmux.launchApp(canvas: server, ["--due"])

        let listed = try await tmux.waitFor(boxTitled: "Due", "three courses' essays") { due in
            due.isFocused && Self.rows(due).filter { $0.contains("Essay") }.count == 3
        }
        #expect(Self.rows(listed).first?.contains("❗") == true, "missing work first: \(listed)")

        // Down the rows until `s` offers an essay's hand-in.
        var prompt = ""
        for _ in 0..<12 where !prompt.contains("Submit to Essay") {
            try tmux.press("s")
            try await Task.sleep(for: .milliseconds(300))
            let screen = try await tmux.waitFor("the Due pane after s") { $0.boxes.contains { $0.title.hasPrefix("Due") } }
            prompt = screen.boxes.first { $0.title.hasPrefix("Due") }?.lines.joined(separator: "\n") ?? ""
            if !prompt.contains("Submit to Essay") {
                try tmux.press("Escape", "j")
            }
        }
        #expect(prompt.contains("Submit to Essay"), "an essay's row takes a hand-in: \(prompt)")
        try tmux.type(essay.path)
        try tmux.press("Enter")
        try await tmux.waitFor(boxTitled: "Due", "the question before the hand-in") { $0.containsIgnoringWrapping("Hand in essay.pdf to Essay") }
        try tmux.press("y")

        let handedIn = try await tmux.waitFor(boxTitled: "Due", "the essay sent and its row done") { due in
            due.contains("Handed in essay.pdf to Essay") && Self.rows(due).contains { $0.contains("Essay") && $0.contains("✓") }
        }
        #expect(Self.rows(handedIn).filter { $0.contains("Essay") && $0.contains("✓") }.count == 1, "only the one handed in: \(handedIn)")
        let attempts = try await server.submissions()
        #expect(attempts.count == 1, "one attempt on Canvas: \(attempts)")

        // Enter opens the course of the selected row, on that assignment.
        try tmux.press("Escape", "Enter")
        let course = try await tmux.waitFor(box: "Course", "the essay's course open") { $0.isFocused && $0.contains("Essay") && $0.contains("Syllabus") }
        #expect(course.contains("submitted"), "the course shows the hand-in too: \(course)")
    }
}
