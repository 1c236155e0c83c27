import CourseKit
import Foundation
import TerminalUI

/// The Courses pane: the user's courses in one of three views (current, favorites, all),
/// grouped by term and loaded page by page by the pane itself.
///
/// Each view has its own loader and its own error row. The pane reports the course the
/// user opens through `onSelect` and never decides what happens next.
@MainActor
final class CourseListPane: Pane {
    private let courses: CourseClient
    let clock: WallClock
    let analytics: Analytics
    private let settings: SettingsClient

    /// The view on screen.
    private(set) var scope: CourseScope
    private var views: [CourseScope: ScopeView] = [:]
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
        settings = environment.settings
        scope = settings.load().courseScope ?? .current
    }

    /// Starts loading the view on screen.
    func start() {
        view.loader.reload()
    }

    /// The view on screen, made (not loaded) the first time it is needed.
    var view: ScopeView {
        if let view = views[scope] { return view }
        let view = ScopeView(scope: scope, courses: courses, clock: clock)
        view.loader.onChange = { [weak self] in self?.loaderChanged() }
        view.loader.onFailure = { [analytics, scope] message in
            analytics.track(.loadFailed(pane: "courses", section: scope.rawValue, message: message))
        }
        views[scope] = view
        return view
    }

    var loader: PagedLoader<Course> { view.loader }

    /// Shows the next view, loading it the first time, and remembers it for the next start.
    func cycleScope() {
        scope = scope.next
        settings.save(Settings(courseScope: scope))
        analytics.track(AnalyticsEvent(name: "course_view_shown", properties: ["view": scope.rawValue]))
        if view.loader.isIdle {
            view.loader.reload()
        }
        selectWanted()
        onChange()
    }

    /// Marks `id` as the open course and selects it, now or when it arrives.
    func markOpen(_ id: CourseID) {
        openID = id
        wantedID = id
        selectWanted()
        onChange()
    }

    var title: String {
        let count = view.groups.courses.count
        return count == 0 ? "Courses · \(scope.title)" : "Courses · \(scope.title) · \(count)"
    }

    var capturesKeys: Bool { false }

    var footer: String? {
        let view = view
        guard view.groups.rows.count > visibleRows, let selection = view.selection else { return nil }
        return "\(selection + 1)/\(view.groups.courses.count)"
    }

    var hints: [KeyHint] {
        var hints = [KeyHint(key: "↑↓", action: "move"), KeyHint(key: "Enter", action: "open"), KeyHint(key: "v", action: "view")]
        if case .failed = loader.phase {
            hints.append(KeyHint(key: "r", action: "retry"))
        }
        return hints
    }

    var isAnimating: Bool { loader.isLoading }

    var selectedCourse: Course? {
        view.selectedCourse
    }

    private func loaderChanged() {
        view.regroup(now: clock.now())
        selectWanted()
        onChange()
    }

    private func selectWanted() {
        view.regroup(now: clock.now())
        guard let wantedID, let index = view.groups.index(of: wantedID) else { return }
        view.selection = index
        self.wantedID = nil
    }
}
