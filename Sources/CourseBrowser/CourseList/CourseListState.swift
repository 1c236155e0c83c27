import CourseKit
import FoundationEssentials
import TerminalUI

/// Everything the Courses pane shows: the view on screen, each view's pages and selection,
/// the open course and the room the pane has.
///
/// Changed only by `CourseListPane.update`; drawing reads it.
struct CourseListState {
    /// The view on screen.
    private(set) var scope: CourseScope
    private var views: [CourseScope: ScopeView] = [:]
    private(set) var openID: CourseID?
    /// A course to select once it arrives (a deep link opens it before the list loads).
    private var wantedID: CourseID?
    private(set) var size = PaneSize.zero
    /// The `/` filter, while there is one; it applies to whichever view is shown.
    private(set) var filter: CourseFilter?
    /// What `o` or `y` just did, until the next key.
    var notice: Notice?
    /// How many things changed in each course since the student last looked, where any did.
    private(set) var changeCounts: [CourseID: Int] = [:]

    init(scope: CourseScope) {
        self.scope = scope
    }

    /// The view on screen.
    var view: ScopeView {
        view(scope)
    }

    func view(_ scope: CourseScope) -> ScopeView {
        views[scope] ?? ScopeView(scope: scope)
    }

    /// Every course of every view loaded so far, for another pane to name courses by.
    var knownCourses: [Course] {
        views.values.flatMap(\.allGroups.courses)
    }

    /// The view for `scope`, as the runner's events change it.
    mutating func withView<Result>(_ scope: CourseScope, _ body: (inout ScopeView) -> Result) -> Result {
        // Changed in place: a copy out and back would retain and release every part of the view.
        body(&views[scope, default: ScopeView(scope: scope)])
    }

    /// Shows the next view, filtered as the one before.
    mutating func cycleScope() {
        scope = scope.next
        let words = filter?.words ?? []
        withView(scope) { $0.filter(by: words) }
    }

    /// Makes the view on screen ready to filter without a wait on the first key.
    mutating func prepareFilter() {
        withView(scope) { $0.prepareFilter() }
    }

    /// Sets the filter (nil clears it) and narrows the view on screen to it.
    mutating func setFilter(_ filter: CourseFilter?) {
        self.filter = filter
        let words = filter?.words ?? []
        withView(scope) { $0.filter(by: words) }
    }

    /// Shows `counts` as what changed in each course, instead of what was counted before.
    mutating func showChanges(_ counts: [CourseID: Int]) {
        changeCounts = counts.filter { $0.value > 0 }
    }

    /// Forgets what changed in `id`: the student has looked at it.
    mutating func clearChanges(of id: CourseID) {
        changeCounts[id] = nil
    }

    /// Marks `id` as the open course and selects it, now or when it arrives.
    mutating func markOpen(_ id: CourseID) {
        openID = id
        wantedID = id
    }

    mutating func resize(_ size: PaneSize) {
        self.size = size
    }

    /// Selects the course at `index` in the view on screen.
    mutating func select(_ index: Int) {
        withView(scope) { $0.select(index) }
    }

    /// Selects the wanted course if it has arrived, and fits the list to the room left by the
    /// status rows as they read at `now` (a failure's age can take a line more or less).
    mutating func settle(now: Date) {
        if let wantedID, withView(scope, { $0.select(wantedID) }) {
            self.wantedID = nil
        }
        let rows = filterLines(width: size.width, glyphs: size.glyphs).count + statusLines(width: size.width, glyphs: size.glyphs, now: now).count
        let height = max(0, size.height - rows)
        withView(scope) { $0.layout(height: height) }
    }

    var selectedCourse: Course? { view.selectedCourse }

    /// The course drawn on row `y` of the pane (its index in the view's courses), if one is.
    func courseIndex(atRow y: Int) -> Int? {
        let view = view
        let row = y - filterLines(width: size.width, glyphs: size.glyphs).count
        guard row >= 0, row < view.list.height else { return nil }
        let index = view.list.offset + row
        guard view.groups.rows.indices.contains(index), case let .course(course) = view.groups.rows[index] else { return nil }
        return course
    }

    var title: String {
        let view = view
        let count = view.groups.courses.count
        if !view.filterWords.isEmpty {
            return "Courses · \(scope.title) · \(count) of \(view.allGroups.courses.count)"
        }
        return count == 0 ? "Courses · \(scope.title)" : "Courses · \(scope.title) · \(count)"
    }

    var footer: String? {
        let view = view
        guard view.groups.rows.count > view.list.height, let selection = view.selection else { return nil }
        return ListView.position(of: selection, count: view.groups.courses.count)
    }
}
