import Foundation
import Testing
@testable import Catalog
import CourseKit
import TestSupport

/// The planner of a catalog: every current course's dated assignments, as assignment items.
struct CatalogPlannerTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let json = #"""
        {"courses": [
          {"id": 1, "name": "Biology", "course_code": "BIO 101", "assignments": [
            {"id": 10, "name": "Lab", "due_in_days": 1, "points_possible": 10,
             "submission": {"workflow_state": "submitted", "submitted_at": "2027-01-01T00:00:00Z", "late": true}},
            {"id": 11, "name": "Quiz", "due_in_days": -2, "submission": {"workflow_state": "unsubmitted", "missing": true}},
            {"id": 12, "name": "Essay", "due_in_days": -1,
             "submission": {"workflow_state": "graded", "score": 9, "posted_at": "2027-01-02T00:00:00Z"}},
            {"id": 13, "name": "Too far", "due_in_days": 60},
            {"id": 14, "name": "No date"}]},
          {"id": 2, "name": "Ended", "end_at": "2020-01-01T00:00:00Z", "assignments": [{"id": 20, "name": "Old", "due_in_days": 1}]},
          {"id": 3, "name": "Chemistry", "assignments": [{"id": 30, "name": "Report", "due_in_hours": 3}]}]}
        """#

    func items() async throws -> [PlannerItem] {
        let index = try CatalogIndex(Data(Self.json.utf8), source: "test.json")
        let planner = PlannerClient.catalog(.catalog(now: { Self.now }, index: { index }))
        return try await planner.items(Self.now - 14 * 86_400, Self.now + 28 * 86_400, .ignored)
    }

    @Test func currentCoursesDatedAssignmentsInTheRangeInDateOrder() async throws {
        let items = try await items()
        #expect(items.map(\.title) == ["Quiz", "Essay", "Report", "Lab"])
        #expect(items.allSatisfy { $0.kind == .assignment })
        #expect(items.map(\.id) == ["assignment:11", "assignment:12", "assignment:30", "assignment:10"])
    }

    /// A catalog of many thousand courses (a test one) has only its first courses read, and no
    /// page of its list past them.
    @Test func onlyTheFirstCurrentCoursesUpToTheLimitAreRead() async throws {
        let limit = PlannerClient.catalogCourseLimit
        let read = Recorder<CourseID>()
        let pagesAsked = Recorder<Int>()
        let courses = CourseClient(
            coursesPage: { _, cursor, _ in
                let first = cursor.flatMap { Int($0.rawValue) } ?? 0
                pagesAsked.append(first)
                let courses = (first..<first + 100).map { Course(id: CourseID($0), name: "Course \($0)", code: "C\($0)") }
                return Page(items: courses, next: first + 100 < 3 * limit ? PageCursor(String(first + 100)) : nil)
            },
            course: { id, _ in throw CourseNotFound(id: id) },
            syllabus: { _, _ in nil },
            modules: { _, _ in [] },
            assignments: { id, _ in
                read.append(id)
                return [Assignment(id: "a\(id.rawValue)", name: "Lab", dueAt: Self.now)]
            }
        )
        let items = try await PlannerClient.catalog(courses).items(Self.now - 86_400, Self.now + 86_400, .ignored)
        #expect(read.values.count == limit)
        #expect(items.count == limit)
        #expect(pagesAsked.values == Array(stride(from: 0, to: limit, by: 100)), "no page past the limit")
    }

    @Test func eachItemSaysItsCourseAndWhereItsSubmissionStands() async throws {
        let items = try await items()
        let lab = try #require(items.last)
        #expect(lab.courseID == CourseID(1))
        #expect(lab.courseCode == "BIO 101")
        #expect(lab.contextName == "Biology")
        #expect(lab.assignmentID == "10")
        #expect(lab.pointsPossible == 10)
        #expect(lab.date == Self.now + 86_400)
        #expect(lab.status == PlannerItem.Status(isSubmitted: true, isLate: true, needsGrading: true))
        #expect(items[0].status == PlannerItem.Status(isMissing: true))
        #expect(items[1].status?.isGraded == true)
        #expect(items[1].status?.gradePostedAt == ISO8601DateFormatter().date(from: "2027-01-02T00:00:00Z"), "released when its submission was posted")
        #expect(items[2].courseCode == nil, "a course without a code")
    }

    @Test func theSampleHasSomethingDueEveryWayOffline() async throws {
        let planner = PlannerClient.catalog(.sample(clock: .fixed(Self.now)))
        let items = try await planner.items(Self.now - 14 * 86_400, Self.now + 28 * 86_400, .ignored)
        #expect(items.contains { $0.date > Self.now && $0.date < Self.now + 86_400 })
        #expect(items.contains { $0.date < Self.now && $0.status?.isMissing == true })
        #expect(items.contains { $0.status?.releasedGradeAt != nil }, "a grade the sample posted")
        #expect(items.contains { $0.status?.isSubmitted == true })
    }
}
