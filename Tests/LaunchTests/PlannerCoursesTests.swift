import Foundation
import Testing
@testable import Launch
import CourseKit

struct PlannerCoursesTests {
    static let now = Date(timeIntervalSince1970: 1_796_000_000)

    func item(_ id: String, course: Int?, code: String? = nil) -> PlannerItem {
        PlannerItem(id: id, kind: .assignment, title: id, courseID: course.map { CourseID($0) }, courseCode: code, date: Self.now)
    }

    func fitted(_ items: [PlannerItem], saved courses: @escaping @Sendable (CourseScope) -> [Course]?) async throws -> [PlannerItem] {
        let planner = PlannerClient { _, _, _ in items }
        var saved = SavedCopyClient.none
        saved.courses = { scope in courses(scope).map { Saved(value: $0, savedAt: Self.now) } }
        return try await planner.fittedToCourses(from: saved, now: { Self.now }).items(Self.now, Self.now, .ignored)
    }

    @Test func codesComeFromTheSavedCourseListsAndAnItemsOwnCodeStays() async throws {
        let items = [item("a", course: 1), item("b", course: 2, code: "OWN"), item("c", course: 3), item("note", course: nil)]
        let named = try await fitted(items) { scope in
            switch scope {
            case .current: [Course(id: CourseID(1), name: "Biology", code: "BIO 101")]
            case .all: [Course(id: CourseID(2), name: "Art", code: "ART 1"), Course(id: CourseID(3), name: "Chem", code: " ")]
            case .favorites: nil
            }
        }
        #expect(named.map(\.courseCode) == ["BIO 101", "OWN", nil, nil])
    }

    /// Canvas may still send items of a course ended by its dates; the lists that carry the
    /// dates leave them out, and a course the lists don't know yet keeps its items.
    @Test func itemsOfACourseTheSavedListsShowAsEndedAreLeftOut() async throws {
        let items = [item("ended by date", course: 1), item("concluded", course: 2), item("running", course: 3), item("unknown", course: 4), item("note", course: nil)]
        let kept = try await fitted(items) { scope in
            guard scope == .all else { return nil }
            return [
                Course(id: CourseID(1), name: "Old", code: "OLD", endAt: Self.now.addingTimeInterval(-86_400)),
                Course(id: CourseID(2), name: "Done", code: "DONE", workflowState: "completed"),
                Course(id: CourseID(3), name: "Now", code: "NOW", endAt: Self.now.addingTimeInterval(86_400)),
            ]
        }
        #expect(kept.map(\.title) == ["running", "unknown", "note"])
    }
}
