import Foundation
import Testing
@testable import CourseBrowser
import CourseKit
import TerminalUI
import TestSupport

/// The course list's mark of what changed: beside the grade, in ASCII where glyphs are, and
/// on a row as narrow as the left column at 80 columns.
@MainActor
struct CourseListChangesTests {
    static let biology = Course(id: CourseID(1), name: "Biology and the living world", code: "BIO-1", grade: Course.Grade(letter: "B+", score: 87.5))
    static let chemistry = Course(id: CourseID(2), name: "Chemistry", code: "CHEM-22")
    let window = DateInterval(start: Fixtures.start - 14 * 86_400, end: Fixtures.start + 28 * 86_400)

    func item(_ id: Int, in course: Course) -> PlannerItem {
        PlannerItem(id: "assignment:\(id)", kind: .assignment, title: "A\(id)", courseID: course.id, date: Fixtures.start, assignmentID: String(id))
    }

    /// A list whose biology course has two new assignments since it was recorded.
    func pane() async -> CourseListPane {
        var environment = Fixtures.environment([Self.biology, Self.chemistry])
        let seen = SeenClient.inMemory()
        seen.record(Self.biology.id, SeenCourse(recordedAt: Fixtures.start - 86_400))
        environment.seen = seen
        let pane = CourseListPane(environment: environment)
        pane.start()
        await settle { !pane.isAnimating }
        pane.update(.plannerItems([item(1, in: Self.biology), item(2, in: Self.biology), item(3, in: Self.chemistry)], window: window))
        return pane
    }

    @Test func theCountSitsBetweenTheCodeAndTheGrade() async {
        let lines = await pane().lines(width: 60, height: 6)
        let row = lines.first { $0.contains("Biology") } ?? ""
        #expect(row == "  Biology and the living world                BIO-1   ●2 B+", "\(lines)")
        #expect(lines.first { $0.contains("Chemistry") }?.contains("●") == false)
    }

    @Test func atTheLeftColumnsWidthTheNameGivesWayAndTheMarkAndGradeStay() async {
        let lines = await pane().lines(width: 28, height: 6)
        let row = lines.first { $0.contains("Biology") } ?? ""
        #expect(row == "  Biology and the li… ●2 B+", "the name cut, the mark and the grade whole: \(lines)")
        #expect(!row.contains("BIO-1"), "the code gives way first")
    }

    @Test func asciiGlyphsMarkWithAStar() async {
        let lines = await pane().lines(width: 60, height: 6, glyphs: .ascii)
        #expect(lines.first { $0.contains("Biology") }?.contains("*2") == true)
        #expect(!lines.joined().contains("●"))
    }

    @Test func theStudentLookingClearsTheMark() async {
        let pane = await pane()
        pane.update(.seen(Self.biology.id))
        #expect(!pane.lines(width: 60, height: 6).joined().contains("●"))
    }
}
