import CourseKit
import Foundation
import Testing

/// A planner item's status as saved copies keep it: the grade's release survives a save, and a
/// copy saved before it was kept still reads.
struct PlannerItemStatusCodingTests {
    @Test func aCopySavedWithoutTheReleaseReadsAsNotReleased() throws {
        let saved = #"{"isSubmitted": true, "isGraded": true, "isLate": false, "isMissing": false, "isExcused": false, "needsGrading": false, "hasFeedback": true}"#
        let status = try JSONDecoder().decode(PlannerItem.Status.self, from: Data(saved.utf8))
        #expect(status == PlannerItem.Status(isSubmitted: true, isGraded: true, hasFeedback: true))
        #expect(status.releasedGradeAt == nil)
    }

    @Test func theReleaseSurvivesASave() throws {
        let status = PlannerItem.Status(isGraded: true, gradePostedAt: Date(timeIntervalSince1970: 1_800_000_000))
        let read = try JSONDecoder().decode(PlannerItem.Status.self, from: try JSONEncoder().encode(status))
        #expect(read == status)
        #expect(read.releasedGradeAt == Date(timeIntervalSince1970: 1_800_000_000))
    }
}
