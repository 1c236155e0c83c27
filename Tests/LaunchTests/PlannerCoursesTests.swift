import Foundation
import Testing
@testable import Launch
import CourseKit

struct PlannerCourseCodeTests {
    static let now = Date(timeIntervalSince1970: 1_796_000_000)

    func item(_ id: String, course: Int?, code: String? = nil) -> PlannerItem {
        PlannerItem(id: id, kind: .assignment, title: id, courseID: course.map { CourseID($0) }, courseCode: code, date: Self.now)
    }

    @Test func codesComeFromTheSavedCourseListsAndAnItemsOwnCodeStays() async throws {
        let items = [item("a", course: 1), item("b", course: 2, code: "OWN"), item("c", course: 3), item("note", course: nil)]
        let planner = PlannerClient { _, _, _ in items }
        var saved = SavedCopyClient.none
        saved.courses = { scope in
            switch scope {
            case .current: return Saved(value: [Course(id: CourseID(1), name: "Biology", code: "BIO 101")], savedAt: Self.now)
            case .all: return Saved(value: [Course(id: CourseID(2), name: "Art", code: "ART 1"), Course(id: CourseID(3), name: "Chem", code: " ")], savedAt: Self.now)
            case .favorites: return nil
            }
        }
        let named = try await planner.namingCourses(from: saved).items(Self.now, Self.now, .ignored)
        #expect(named.map(\.courseCode) == ["BIO 101", "OWN", nil, nil])
    }
}
