import FakeCanvasKit
import Foundation
import Testing

/// The Grades section against the fake Canvas, as a student in a course with grading periods
/// and weighted groups meets it: the period's grade in the header with the total beside it,
/// the groups of the current period, a what-if score that moves the total, and back.
@Suite(.serialized) struct GradesSectionEndToEndTests {
    static func rows(_ box: Box) -> [String] {
        box.lines.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// Presses `n` until `w` asks for a what-if score for `name`, as a student selects its row under Grades.
    static func selectForWhatIf(_ name: String, in tmux: TmuxSession) async throws {
        for _ in 0..<60 {
            try tmux.press("n", "w")
            let screen = try await tmux.waitFor("an answer to w") { screen in
                screen.contains("What-if score for") || screen.contains("Select an assignment under Grades")
            }
            if screen.contains("What-if score for \(name) ") { return }
            if screen.contains("What-if score for") { try tmux.press("Escape") }
        }
        Issue.record("n never reached \(name) under Grades")
    }

    @Test func thePeriodsGradeTheGroupsAndAWhatIfScoreThatMovesTheTotal() async throws {
        let server = try FakeCanvasServer()
        defer { server.stop() }
        try await server.configure(#"{"role": "student"}"#)
        let tmux = try await TmuxSession(width: 140, height: 70)
        defer { tmux.close() }
        // Course 7 on the fake: grading periods (Fall Q2 now, the total shown beside it), groups
        // weighted 30/30/40, Homework 1 graded 8.5/10 and nothing else yet.
        try tmux.launchApp(canvas: server, ["--course", "7"])
        let top = try await tmux.waitFor(box: "Course", "course 7's grade") { Self.rows($0).contains("Grade: D+ (68.2%) · Fall Q2") }
        #expect(Self.rows(top).contains("All grading periods: A- (91.3%)"), "\(top)")
        // The Grades section follows the modules: the end of the course shows it.
        try tmux.press("G")
        let course = try await tmux.waitFor(box: "Course", "course 7's grades") { Self.rows($0).contains("Grades · Fall Q2") }
        let rows = Self.rows(course)
        // Only the Assignments group has a score: its 85% stands for the whole until others do.
        #expect(rows.contains("Total: 85% B · by group weight"), "\(course)")
        #expect(rows.contains("Assignments · 30% of the total · 85% (8.5/10) · drops the lowest 1"), "\(course)")
        #expect(rows.contains("Homework 1 · 8.5/10 B · class: mean 7.1, low 3, high 10"), "\(course)")
        let groups = try await server.requests().map(\.path).filter { $0.hasPrefix("/api/v1/courses/7/assignment_groups") }
        #expect(groups.contains { $0.contains("grading_period_id=7007") && $0.contains("score_statistics") }, "\(groups)")

        try await Self.selectForWhatIf("Essay", in: tmux)
        try tmux.type("5")
        try tmux.press("Enter")
        // Essays at 50% beside the 85%: (25.5 + 15) of 60 weight is 67.5%.
        try await tmux.waitFor(box: "Course", "the what-if total") { Self.rows($0).contains("What-if: 67.5% D+ with 1 score of yours (W clears)") }
        try tmux.press("W")
        let cleared = try await tmux.waitFor(box: "Course", "the what-if total gone") { !Self.rows($0).contains { $0.hasPrefix("What-if:") } }
        #expect(Self.rows(cleared).contains("Total: 85% B · by group weight"), "\(cleared)")
        #expect(try await server.requests().allSatisfy { $0.method == "GET" }, "a what-if score is never sent")
        try tmux.press("q")
        #expect(try await tmux.waitForExit() == 0)
    }
}
