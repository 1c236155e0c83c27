import Foundation
import Testing
@testable import CourseBrowser
import CourseKit

/// A listing keeps each ID's first element, within a page and across pages.
struct PagedStateTests {
    func course(_ id: Int, _ name: String) -> Course {
        Course(id: CourseID(id), name: name)
    }

    @Test func aRepeatWithinTheFirstPageIsDropped() {
        var state = PagedState<Course>()
        _ = state.apply(.finished(.success(Page(items: [course(1, "A"), course(2, "B"), course(1, "A again"), course(3, "C")]))))
        #expect(state.items.map(\.name) == ["A", "B", "C"])
    }

    @Test func aFirstPageWithoutRepeatsIsKeptWholeAndLaterPagesDropWhatItHad() {
        var state = PagedState<Course>()
        let first = (1...500).map { course($0, "Course \($0)") }
        let next = state.apply(.finished(.success(Page(items: first, next: PageCursor("2")))))
        #expect(next == PageCursor("2"))
        #expect(state.items == first)
        _ = state.apply(.finished(.success(Page(items: [course(500, "Repeat"), course(501, "New"), course(501, "New again")]))))
        #expect(state.items.count == 501)
        #expect(state.items.last?.name == "New")
        #expect(state.phase.isComplete)
    }
}

extension PagedState.Phase {
    var isComplete: Bool {
        if case .complete = self { return true }
        return false
    }
}
