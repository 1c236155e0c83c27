import Foundation
import Testing
@testable import CourseBrowser
import CourseKit
import TerminalUI
import TestSupport

/// The user's current grade: at the right of each course's row in the list, and in the
/// Course pane's header, never for a course that hides its totals from students.
@MainActor
struct CourseGradeTests {
    static let letter = Course(id: CourseID(1), name: "Biology", code: "BIO-1", grade: Course.Grade(letter: "B+", score: 87.5))
    static let scoreOnly = Course(id: CourseID(2), name: "Chemistry", code: "CHEM-22", grade: Course.Grade(letter: nil, score: 91.256))
    static let hidden = Course(id: CourseID(3), name: "History", code: "HIST", grade: Course.Grade(letter: "A", score: 95), hidesFinalGrades: true)
    static let ungraded = Course(id: CourseID(4), name: "Drawing", code: "ART")

    func list(_ courses: [Course], width: Int) async -> [String] {
        let pane = CourseListPane(environment: Fixtures.environment(courses))
        pane.start()
        await settle { !pane.isAnimating }
        return pane.lines(width: width, height: courses.count + 2)
    }

    func header(_ course: Course, width: Int = 60) async -> [String] {
        let pane = CourseDetailPane(environment: Fixtures.environment([course]))
        pane.update(.show(course.id))
        await settle { !pane.isAnimating }
        return pane.lines(width: width, height: 12)
    }

    @Test func aWideListShowsTheLetterElseThePercentageRightOfTheCode() async {
        let lines = await list([Self.letter, Self.scoreOnly, Self.hidden, Self.ungraded], width: 44)
        #expect(lines.contains("  Biology                    BIO-1   B+"), "\(lines)")
        #expect(lines.contains("  Chemistry                  CHEM-22 91.26%"), "\(lines)")
        #expect(lines.contains("  History                    HIST"), "a course that hides its totals shows none: \(lines)")
        #expect(lines.contains("  Drawing                    ART"), "\(lines)")
    }

    @Test func aNarrowListDropsTheCodeBeforeTheGrade() async {
        let lines = await list([Self.letter, Self.scoreOnly], width: 30)
        #expect(lines.contains("  Biology              B+"), "\(lines)")
        #expect(lines.contains("  Chemistry            91.26%"), "\(lines)")
    }

    @Test func besideAGradeTheCodeStaysOnlyWhereNamesKeepTwentyFourColumns() async {
        let letters = await list([Self.letter], width: 40)
        #expect(letters.contains("  Biology                      BIO-1 B+"), "\(letters)")
        let percentages = await list([Self.letter, Self.scoreOnly], width: 40)
        #expect(percentages.contains("  Chemistry                      91.26%"), "\(percentages)")
        #expect(!percentages.joined().contains("BIO-1"), "\(percentages)")
    }

    @Test func theNarrowestListShowsOnlyNames() async {
        let lines = await list([Self.letter, Self.scoreOnly], width: 20)
        #expect(lines.contains("  Biology"), "\(lines)")
        #expect(!lines.joined().contains("%"), "\(lines)")
    }

    @Test func aLongLetterIsCutSoTheNameKeepsItsRoom() async {
        let wordy = Course(id: CourseID(5), name: "Philosophy of Mind and Language", code: "PHIL", grade: Course.Grade(letter: "Outstanding work", score: 99))
        let lines = await list([wordy], width: 30)
        #expect(lines.contains("  Philosophy of Min… Outstan…"), "\(lines)")
    }

    @Test func aListWithoutGradesKeepsItsLayout() async {
        let lines = await list([Self.hidden, Self.ungraded], width: 40)
        #expect(lines.contains("  History                          HIST"), "\(lines)")
    }

    @Test func theHeaderSaysTheLetterAndThePercentage() async {
        #expect(await header(Self.letter).contains(" Grade: B+ (87.5%)"))
        #expect(await header(Self.scoreOnly).contains(" Grade: 91.26%"))
    }

    @Test func theHeaderSaysWhyAHiddenGradeIsNotShownAndNothingOfAnAbsentOne() async {
        let hidden = await header(Self.hidden)
        #expect(hidden.contains(" Grade: the teacher hides course totals"), "\(hidden)")
        #expect(!hidden.joined().contains("95"), "\(hidden)")
        #expect(!(await header(Self.ungraded)).contains { $0.contains("Grade") })
    }

    @Test func aGradingPeriodsGradeNamesThePeriodAndTheTotalFollowsWhereShown() async {
        let period = Course(
            id: CourseID(6), name: "Algebra", code: "ALG", grade: Course.Grade(letter: "D+", score: 68.2, period: "Fall Q2"),
            allPeriodsGrade: Course.Grade(letter: "A-", score: 91.3)
        )
        let lines = await header(period)
        #expect(lines.contains(" Grade: D+ (68.2%) · Fall Q2"), "\(lines)")
        #expect(lines.contains(" All grading periods: A- (91.3%)"), "\(lines)")
        let row = await list([period], width: 44)
        #expect(row.contains("  Algebra                            ALG D+"), "the list shows the period's letter: \(row)")
        var periodOnly = period
        periodOnly.allPeriodsGrade = nil
        #expect(!(await header(periodOnly)).joined().contains("All grading periods"))
    }

    @Test func aGradeWithNothingInItIsNoGrade() {
        #expect(Course.Grade(letter: "  ", score: nil) == nil)
        #expect(Course.Grade(letter: nil, score: .nan) == nil)
        #expect(Course.Grade(letter: "", score: 80)?.letter == nil)
    }
}
