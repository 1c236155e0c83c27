import CourseKit
@testable import Moodle
import Testing

/// A course total as `gradereport_overview_get_course_grades` formats it for the student.
struct MoodleGradeTextTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var text: String?
        var letter: String?
        var score: Double?
        var testDescription: String { text.map { "\"\($0)\"" } ?? "nil" }
    }

    static let cases: [Case] = [
        Case(text: "85.00 %", letter: nil, score: 85),
        Case(text: "85,00 %", letter: nil, score: 85),
        Case(text: "87.5%", letter: nil, score: 87.5),
        Case(text: "B+", letter: "B+", score: nil),
        Case(text: "B+ (85.00 %)", letter: "B+", score: 85),
        Case(text: "B+ (85,50 %)", letter: "B+", score: 85.5),
        Case(text: "85.00 % (B+)", letter: "B+", score: 85),
        Case(text: "85.00 (B+)", letter: "B+", score: nil),
        Case(text: "85,00 (B+)", letter: "B+", score: nil),
        Case(text: "8.25", letter: "8.25", score: nil),
        Case(text: "Very good", letter: "Very good", score: nil),
        Case(text: " A ", letter: "A", score: nil),
    ]

    @Test(arguments: cases)
    func aCourseTotalIsReadAsItsLetterAndPercentage(_ grade: Case) throws {
        let read = try #require(MoodleGradeText.courseGrade(grade.text))
        #expect(read.letter == grade.letter)
        #expect(read.score == grade.score)
    }

    @Test(arguments: [nil, "", "-", "  ", " - "] as [String?])
    func noGradeIsNone(_ text: String?) {
        #expect(MoodleGradeText.courseGrade(text) == nil)
    }
}
