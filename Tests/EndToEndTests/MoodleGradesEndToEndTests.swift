import FakeMoodleKit
import Foundation
import Testing

/// The Grades section and the rubric on a (fake) Moodle, as a student meets them: the report's
/// totals as Moodle computed them, a category with its weight, the teacher's feedback, the
/// rubric under the graded assignment, no what-if (and why), and a new grade at the next refresh.
@Suite(.serialized) struct MoodleGradesEndToEndTests {
    static func rows(_ box: Box) -> [String] {
        box.lines.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    @Test func theReportItsCategoryTheRubricAndANewGrade() async throws {
        let server = try FakeMoodleServer()
        defer { server.stop() }
        let tmux = try await TmuxSession(width: 140, height: 70)
        defer { tmux.close() }
        try MoodleBrowseTests.logIn(tmux, to: server)
        // A tenth of a minute, the shortest --refresh takes: the new grade shows within 6 seconds.
        try tmux.launchApp(["--course", "101", "--refresh", "0.1"])

        let top = try await tmux.waitFor(box: "Course", "the graded assignment with its rubric") { Self.rows($0).contains("Rubric") }
        #expect(Self.rows(top).contains("Nội dung · Sâu sắc, có ví dụ · 6/6 · “Ví dụ về optional rất hay.”"), "\(top)")
        #expect(Self.rows(top).contains("Trình bày · Rõ ràng · 3/4"), "\(top)")
        #expect(Self.rows(top).contains("was due 8 days ago · 10 pts · graded 9/10"), "the grade after the rubric: \(top)")

        try tmux.press("G")
        let course = try await tmux.waitFor(box: "Course", "the Grades section") { Self.rows($0).contains("Grades") }
        let rows = Self.rows(course)
        // Natural aggregation, empty grades left out: 9/10 in the category and 4.5/5 of attendance.
        #expect(rows.contains("Total: 90% (13.5/15) · as Moodle computes it"), "\(course)")
        #expect(rows.contains("Bài tập về nhà · weight 66.67% · 90% (9/10)"), "\(course)")
        #expect(rows.contains("Bài tập đã nộp · 9/10 · weight 100%"), "\(course)")
        #expect(rows.contains("Bài tập 1 · –/10"), "\(course)")
        #expect(rows.contains("Điểm chuyên cần · 4.5/5 · weight 33.33%"), "\(course)")
        #expect(rows.contains("Feedback: Đi học đầy đủ."), "\(course)")
        let asked = try await server.requests().compactMap(\.wsfunction)
        #expect(asked.contains("gradereport_user_get_grade_items") && asked.contains("gradereport_user_get_grades_table"), "\(asked)")

        try tmux.press("p", "w")
        try await tmux.waitFor(box: "Course", "w saying why there is no what-if") {
            $0.containsIgnoringWrapping("What-if works on Canvas courses: Moodle adds this course's grades up by rules it doesn't share")
        }

        _ = try await server.control("POST", "/__control/grade", json: #"{"cmid": 1013, "grade": 8}"#)
        let graded = try await tmux.waitFor(box: "Course", "the new grade at the next refresh") { Self.rows($0).contains("Bài tập 1 · 8/10 · weight 50%") }
        #expect(Self.rows(graded).contains("Total: 86% (21.5/25) · as Moodle computes it"), "\(graded)")
        try tmux.press("q")
        #expect(try await tmux.waitForExit() == 0)
    }
}
