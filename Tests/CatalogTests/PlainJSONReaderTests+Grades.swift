import Foundation
import Testing
@testable import CanvasJSON
@testable import Catalog
import CourseKit

/// A catalog gives a course's current grade as Canvas does, on the enrollment with the
/// course's `hide_final_grades`; the list's own reader reads it as `JSONDecoder` does.
extension PlainJSONReaderTests {
    static let gradeShapes = [
        #"{"id": 1, "enrollments": [{"type": "student", "enrollment_state": "active", "computed_current_score": 87.5, "computed_current_grade": "B+"}]}"#,
        #"{"id": 2, "enrollments": [{"computed_current_score": -3, "computed_current_grade": null}], "hide_final_grades": false}"#,
        #"{"id": 3, "enrollments": [{"computed_current_grade": "Đạt"}], "hide_final_grades": true}"#,
        #"{"id": 4, "enrollments": [{"computed_current_score": null}], "hide_final_grades": null}"#,
    ]

    @Test(arguments: gradeShapes)
    func theListsReaderReadsGradesAsTheDecoderDoes(json: String) throws {
        let summary = try #require(read(json))
        let expected = try decoded(json)
        #expect(summary.course == expected.course)
        #expect(summary.course.grade != nil || summary.course.hidesFinalGrades || json.contains("null}]"))
    }

    @Test(arguments: [
        #"{"id": 1, "enrollments": [{"computed_current_score": 8.75e1}]}"#,
        #"{"id": 1, "enrollments": [{"computed_current_score": "87.5"}]}"#,
        #"{"id": 1, "hide_final_grades": "yes"}"#,
    ])
    func otherGradeShapesAreLeftToTheDecoder(json: String) {
        #expect(read(json) == nil)
    }
}
