import FakeCanvasKit
import Foundation
import Testing

/// To-dos of one's own from the Due pane against the fake Canvas: added with `a` (its answer
/// lost on the way back, and still made once), changed with `e`, removed with `d`.
@Suite(.serialized) struct PlannerNotesEndToEndTests {
    static func sent(_ box: Box) -> Int {
        box.lines.filter { $0.contains("To-do") && $0.hasSuffix("sent") }.count
    }

    @Test func aToDoIsAddedOnceChangedAndRemoved() async throws {
        // Three courses: a short Due list to walk to the to-do.
        let server = try FakeCanvasServer(arguments: ["--courses", "3"])
        defer { server.stop() }
        try await server.configure(#"{"role": "student"}"#)
        // Canvas makes the note and the answer is lost: the queue must find it, not make a second.
        try await server.fault(#"{"match": "/api/v1/planner_notes$", "method": "POST", "kind": "lost_reply", "count": 1}"#)
        let tmux = try await TmuxSession(width: 140, height: 50)
        defer { tmux.close() }
        try tmux.launchApp(canvas: server, ["--due"])
        try await tmux.waitFor(boxTitled: "Due", "what is due") { $0.lines.contains { $0.contains("Missing") } }

        try tmux.press("a")
        try await tmux.waitFor(boxTitled: "Due", "the title asked") { $0.contains("New to-do:") }
        try tmux.type("Đọc chương 3")
        try tmux.press("Enter")
        try await tmux.waitFor(boxTitled: "Due", "the day asked") { $0.contains("Day for “Đọc chương 3”") }
        try tmux.type("+2")
        try tmux.press("Enter")
        let asked = try await tmux.waitFor(boxTitled: "Due", "the details asked") { $0.contains("Details (optional), for ") }
        #expect(!asked.contains("for no course"), "the selected row's course is offered first")
        try tmux.press("Tab")
        try await tmux.waitFor(boxTitled: "Due", "another course or none") { $0.contains("Details (optional), for ") && $0.contains("Tab: another course") }
        // Back to the first: the to-do is for the selected row's course.
        try tmux.press("BTab")
        try tmux.type("trang 40–60")
        try tmux.press("Enter")
        try await tmux.waitFor(boxTitled: "Queue", "the to-do sent after its lost answer", timeout: .seconds(120)) { Self.sent($0) == 1 }
        let made = try await server.plannerNotes().filter { $0.title == "Đọc chương 3" }
        #expect(made.count == 1, "made once: \(made)")
        #expect(made.first?.workflow_state == "active")
        #expect(made.first?.details == "trang 40–60")
        #expect(made.first?.course_id != nil, "for the course of the row selected")

        // Select it, change its title, then remove it.
        try await Self.edit("Đọc chương 3", in: tmux)
        try tmux.type("!")
        try tmux.press("Enter")
        try tmux.press("Enter")
        try await tmux.waitFor(boxTitled: "Queue", "the change sent", timeout: .seconds(60)) { Self.sent($0) == 2 }
        #expect(try await server.plannerNotes().contains { $0.title == "Đọc chương 3!" })
        try await tmux.waitFor(boxTitled: "Due", "the changed title listed") { $0.contains("Đọc chương 3!") }
        try tmux.press("d")
        try await tmux.waitFor(boxTitled: "Due", "the question") { $0.contains("Remove the to-do “Đọc chương 3!”? y/n") }
        try tmux.press("y")
        try await tmux.waitFor(boxTitled: "Queue", "the removal sent", timeout: .seconds(60)) { Self.sent($0) == 3 }
        #expect(try await server.plannerNotes().first { $0.title == "Đọc chương 3!" }?.workflow_state == "deleted")
        try tmux.press("q")
        #expect(try await tmux.waitForExit() == 0)
    }

    /// Presses `j` until `e` opens the to-do `title` to change, as a student selects its row.
    static func edit(_ title: String, in tmux: TmuxSession) async throws {
        for _ in 0..<300 {
            try tmux.press("e")
            let box = try await tmux.waitFor(boxTitled: "Due", "an answer to e") { box in
                box.contains("To-do: ") || box.contains("Select a to-do of your own")
            }
            if box.contains("To-do: \(title)") { return }
            if box.contains("To-do: ") { try tmux.press("Escape") }
            try tmux.press("j")
        }
        Issue.record("j never reached the to-do \(title)")
    }
}
