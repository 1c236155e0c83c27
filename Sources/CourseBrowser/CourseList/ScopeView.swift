import CourseKit
import Foundation

/// One view of the course list: its loader, its grouped rows and where the user is in them.
@MainActor
final class ScopeView {
    let scope: CourseScope
    let loader: PagedLoader<Course>
    /// The loaded courses grouped by term; rebuilt only when more arrive.
    private(set) var groups = CourseGroups([], now: .distantPast)
    private var groupedCount = -1
    /// The selected course's index in `groups.courses`; kept on the same course as rows move.
    private var selectedID: CourseID?
    var viewport = ListViewport()

    init(scope: CourseScope, courses: CourseClient, clock: WallClock) {
        self.scope = scope
        loader = PagedLoader(clock: clock) { cursor, progress in
            try await courses.coursesPage(scope, cursor, progress)
        }
    }

    /// Groups the loaded courses again if more arrived since the last time.
    func regroup(now: Date) {
        guard loader.items.count != groupedCount else { return }
        groupedCount = loader.items.count
        groups = CourseGroups(loader.items, now: now)
        if selectedID == nil || selectedID.flatMap(groups.index(of:)) == nil {
            selectedID = groups.courses.first?.id
        }
    }

    var selection: Int? {
        get { selectedID.flatMap(groups.index(of:)) }
        set {
            guard let newValue, !groups.courses.isEmpty else { return }
            selectedID = groups.courses[max(0, min(newValue, groups.courses.count - 1))].id
        }
    }

    var selectedCourse: Course? {
        selection.map { groups.courses[$0] }
    }
}
