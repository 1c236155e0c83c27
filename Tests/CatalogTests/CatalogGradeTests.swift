import Foundation
import Testing
@testable import CanvasJSON
@testable import Catalog
import CourseKit

/// A catalog gives a course's current grade as Canvas does: on the enrollment, with the
/// course's `hide_final_grades`; the list's own reader reads it as `JSONDecoder` does.
struct CatalogGradeTests {
    func summary(_ json: String) -> CanvasCourse? {
        let bytes = Array(json.utf8)
        return bytes.withUnsafeBytes { buffer in
            var cursor = JSONCursor(buffer)
            guard let layout = CourseLayout.read(&cursor), let kept = layout.kept else { return nil }
            return CourseSummaryReader.course(members: kept, in: buffer)
        }
    }

    static let graded = [
        #"{"id": 1, "enrollments": [{"type": "student", "enrollment_state": "active", "computed_current_score": 87.5, "computed_current_grade": "B+"}]}"#,
        #"{"id": 2, "enrollments": [{"computed_current_score": -3, "computed_current_grade": null}], "hide_final_grades": false}"#,
        #"{"id": 3, "enrollments": [{"computed_current_grade": "Đạt"}], "hide_final_grades": true}"#,
        #"{"id": 4, "enrollments": [{"computed_current_score": null}], "hide_final_grades": null}"#,
    ]

    @Test(arguments: graded)
    func theListsReaderReadsGradesAsTheDecoderDoes(json: String) throws {
        let read = try #require(summary(json))
        let decoded = try JSONDecoder().decode(CanvasCourse.self, from: Data(json.utf8))
        #expect(read.course == decoded.course)
        #expect(read.course.grade != nil || read.course.hidesFinalGrades || json.contains("null}]"))
    }

    @Test(arguments: [
        #"{"id": 1, "enrollments": [{"computed_current_score": 8.75e1}]}"#,
        #"{"id": 1, "enrollments": [{"computed_current_score": "87.5"}]}"#,
        #"{"id": 1, "hide_final_grades": "yes"}"#,
    ])
    func otherShapesAreLeftToTheDecoder(json: String) {
        #expect(summary(json) == nil)
    }

    @Test func theSampleCatalogsListAndCoursesHaveGradesAndOneCourseHidesThem() throws {
        let index = try SampleCatalog.index(now: SampleCatalog.anchor)
        let listed = Dictionary(uniqueKeysWithValues: index.courses(in: .all, at: SampleCatalog.anchor).map { ($0.id, $0) })
        for course in [listed[CourseID(10001)], try index.course(CourseID(10001))] {
            #expect(course?.shownGrade == Course.Grade(letter: "B+", score: 87.5))
        }
        #expect(listed[CourseID(10002)]?.shownGrade == Course.Grade(letter: nil, score: 91.25))
        let hidden = try index.course(CourseID(10004))
        #expect(hidden.hidesFinalGrades && hidden.shownGrade == nil)
        #expect(listed[CourseID(10004)]?.hidesFinalGrades == true)
    }
}
