import Foundation
import Testing
@testable import Canvas
@testable import CanvasJSON
import CourseKit
import FakeCanvasKit
import TestSupport

/// The current grade as Canvas gives it with `include[]=total_scores`: on a student's
/// enrollment only, and not at all in a course that hides its final grades.
struct CanvasGradeTests {
    let http = FakeHTTP()
    let base = URL(string: "https://school.example")!

    var client: CourseClient {
        .canvas(CanvasConnection(baseURL: base, credentials: .test("s3cret"), http: http.client, clock: .fixed(Date(timeIntervalSince1970: 1_800_000_000)), analytics: .noOp))
    }

    func decoded(_ json: String) throws -> Course {
        try JSONDecoder().decode(CanvasCourse.self, from: Data(json.utf8)).course
    }

    /// A student's enrollment as Canvas's course JSON writes it with total scores.
    static let student = #"{"type": "student", "role": "StudentEnrollment", "role_id": 3, "user_id": 1, "enrollment_state": "active", "computed_current_score": 87.5, "computed_final_score": 41.2, "computed_current_grade": "B+", "computed_final_grade": "F"}"#

    @Test func theCurrentGradeAndScoreComeFromTheStudentsEnrollment() throws {
        let course = try decoded(#"{"id": 1, "name": "Biology", "hide_final_grades": false, "enrollments": [\#(Self.student)]}"#)
        #expect(course.grade == Course.Grade(letter: "B+", score: 87.5))
        #expect(course.shownGrade == course.grade)
        #expect(course.hidesFinalGrades == false)
    }

    @Test func withoutAGradingSchemeThereIsOnlyTheScore() throws {
        let course = try decoded(#"{"id": 1, "enrollments": [{"type": "student", "enrollment_state": "active", "computed_current_score": 91.25, "computed_current_grade": null}]}"#)
        #expect(course.grade?.letter == nil)
        #expect(course.grade?.score == 91.25)
    }

    @Test func withoutTotalScoresOrBeforeAnyGradeThereIsNone() throws {
        #expect(try decoded(#"{"id": 1, "enrollments": [{"type": "student", "role": "StudentEnrollment", "enrollment_state": "active"}]}"#).grade == nil)
        #expect(try decoded(#"{"id": 1, "enrollments": [{"type": "student", "enrollment_state": "active", "computed_current_score": null, "computed_current_grade": null}]}"#).grade == nil)
        #expect(try decoded(#"{"id": 1, "enrollments": [{"type": "teacher", "enrollment_state": "active"}]}"#).grade == nil)
    }

    @Test func aTeacherWhoIsAlsoAStudentHasTheStudentsGrade() throws {
        let course = try decoded(#"{"id": 1, "enrollments": [{"type": "ta", "enrollment_state": "active"}, \#(Self.student)]}"#)
        #expect(course.grade?.letter == "B+")
    }

    @Test func aCourseThatHidesFinalGradesShowsNoneEvenIfOneCameAlong() throws {
        let hidden = try decoded(#"{"id": 1, "hide_final_grades": true, "enrollments": [{"type": "student", "enrollment_state": "active"}]}"#)
        #expect(hidden.hidesFinalGrades)
        #expect(hidden.shownGrade == nil)
        let stray = try decoded(#"{"id": 1, "hide_final_grades": true, "enrollments": [\#(Self.student)]}"#)
        #expect(stray.grade == nil && stray.shownGrade == nil)
    }

    @Test func aScoreOutOfRangeIsRefusedNamingItsField() {
        #expect(throws: DecodingError.self) {
            try decoded(#"{"id": 1, "enrollments": [{"type": "student", "computed_current_score": 1e400}]}"#)
        }
    }

    @Test func theListAndTheCourseBothAskForTotalScores() async throws {
        http.on("/api/v1/courses/4", .json(#"{"id": 4, "name": "Biology", "hide_final_grades": false, "enrollments": [\#(Self.student)]}"#))
        http.on("/api/v1/courses", .json(#"[{"id": 4, "name": "Biology", "hide_final_grades": false, "enrollments": [\#(Self.student)]}]"#))
        let page = try await client.coursesPage(.current, nil, .ignored)
        #expect(page.items.first?.grade?.letter == "B+")
        let course = try await client.course(CourseID(4), .ignored)
        #expect(course.grade?.score == 87.5)
        #expect(http.sentRequests.count == 2)
        #expect(http.sentRequests.allSatisfy { $0.url.query?.contains("include%5B%5D=total_scores") == true || $0.url.query?.contains("include[]=total_scores") == true })
    }
}
