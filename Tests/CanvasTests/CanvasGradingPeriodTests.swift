import FoundationEssentials
import Testing
import CanvasJSON
import CourseKit

/// A course's grade in a course with grading periods, read from the enrollment as Canvas
/// sends it with `include[]=total_scores&include[]=current_grading_period_scores`.
struct CanvasGradingPeriodTests {
    static func course(_ enrollment: String, hide: Bool = false) throws -> Course {
        let json = #"{"id": 7, "name": "Algebra", "hide_final_grades": \#(hide), "enrollments": [\#(enrollment)]}"#
        return try JSONDecoder().decode(CanvasCourse.self, from: Data(json.utf8)).course
    }

    static let periods = #"""
    "type": "student", "enrollment_state": "active", "computed_current_score": 91.3, "computed_current_grade": "A-",
    "has_grading_periods": true, "current_grading_period_id": "12", "current_grading_period_title": "Fall Q2",
    "current_period_computed_current_score": 68.2, "current_period_computed_current_grade": "D+"
    """#

    @Test func theCurrentPeriodsGradeIsTheCoursesAndTheTotalOnlyWhereTheCourseAllowsIt() throws {
        let hidden = try Self.course("{\(Self.periods), \"totals_for_all_grading_periods_option\": false}")
        #expect(hidden.grade == Course.Grade(letter: "D+", score: 68.2, period: "Fall Q2"))
        #expect(hidden.allPeriodsGrade == nil)
        let shown = try Self.course("{\(Self.periods), \"totals_for_all_grading_periods_option\": true}")
        #expect(shown.grade?.letter == "D+")
        #expect(shown.allPeriodsGrade == Course.Grade(letter: "A-", score: 91.3))
        let unsaid = try Self.course("{\(Self.periods)}")
        #expect(unsaid.allPeriodsGrade == nil, "a course that doesn't say it shows the total doesn't")
    }

    @Test func betweenPeriodsOnlyAShownTotal() throws {
        let between = #""type": "student", "computed_current_score": 91.3, "computed_current_grade": "A-", "has_grading_periods": true, "current_grading_period_id": null, "current_period_computed_current_score": null"#
        #expect(try Self.course("{\(between), \"totals_for_all_grading_periods_option\": true}").grade?.letter == "A-")
        #expect(try Self.course("{\(between), \"totals_for_all_grading_periods_option\": false}").grade == nil)
    }

    @Test func withoutPeriodsTheTotalAndHiddenTotalsNothing() throws {
        let plain = try Self.course(#"{"type": "student", "computed_current_score": 91.3, "computed_current_grade": "A-"}"#)
        #expect(plain.grade == Course.Grade(letter: "A-", score: 91.3))
        let hidden = try Self.course(#"{"type": "student", "has_grading_periods": true, "current_grading_period_id": 12, "current_grading_period_title": "Fall Q2"}"#, hide: true)
        #expect(hidden.grade == nil)
        #expect(hidden.hidesFinalGrades)
    }
}
