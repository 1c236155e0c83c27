import Foundation
import Testing
@testable import Catalog
import CourseKit

/// The sample catalog's current grades, in its list and its courses.
struct CatalogGradeTests {
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
