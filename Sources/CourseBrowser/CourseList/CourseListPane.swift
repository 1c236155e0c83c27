import CourseKit
import Foundation
import TerminalUI

/// The Courses pane: the list of courses, loaded page by page by the pane itself.
///
/// It reports the course the user opens through `onSelect` and never decides what
/// happens next.
@MainActor
final class CourseListPane: Pane {
    private let courses: CourseClient
    let clock: WallClock
    let analytics: Analytics

    let loader: PagedLoader<Course>
    var selection = 0
    var viewport = ListViewport()
    /// Rows the list had when last drawn, so Page Up/Down move by a screenful.
    var visibleRows = 1
    private(set) var openID: CourseID?
    private var wantedID: CourseID?

    /// Called with the course the user opened.
    var onSelect: (CourseID) -> Void = { _ in }
    var onChange: () -> Void = {}

    init(environment: EnvironmentValues) {
        courses = environment.courseClient
        clock = environment.clock
        analytics = environment.analytics
        loader = PagedLoader(clock: clock, fetch: courses.coursesPage)
        loader.onChange = { [weak self] in self?.loaderChanged() }
        loader.onFailure = { [analytics] message in
            analytics.track(.loadFailed(pane: "courses", section: "list", message: message))
        }
    }

    /// Starts loading the list.
    func start() {
        loader.reload()
    }

    /// Marks `id` as the open course and selects it, now or when it arrives.
    func markOpen(_ id: CourseID) {
        openID = id
        wantedID = id
        selectWanted()
        onChange()
    }

    var title: String {
        loader.items.isEmpty ? "Courses" : "Courses · \(loader.items.count)"
    }

    var capturesKeys: Bool { false }

    var footer: String? {
        guard loader.items.count > visibleRows else { return nil }
        return "\(selection + 1)/\(loader.items.count)"
    }

    var hints: [KeyHint] {
        var hints = [KeyHint(key: "↑↓", action: "move"), KeyHint(key: "Enter", action: "open")]
        if case .failed = loader.phase {
            hints.append(KeyHint(key: "r", action: "retry"))
        }
        return hints
    }

    var isAnimating: Bool { loader.isLoading }

    var selectedCourse: Course? {
        loader.items.indices.contains(selection) ? loader.items[selection] : nil
    }

    private func loaderChanged() {
        selectWanted()
        selection = min(selection, max(0, loader.items.count - 1))
        onChange()
    }

    private func selectWanted() {
        guard let wantedID, let index = loader.items.firstIndex(where: { $0.id == wantedID }) else { return }
        selection = index
        self.wantedID = nil
    }
}
