import CourseKit
import FoundationEssentials
import TerminalUI
import TextBasics

/// The Courses pane: the user's courses in one of three views (current, favorites, all),
/// grouped by term and loaded page by page by the pane itself.
///
/// Each view has its own pages and its own error row. The pane reports the course the
/// user opens through `onOpen` and never decides what happens next.
@MainActor
final class CourseListPane: Pane {
    enum Event: PaneEvent {
        case key(Key)
        case resize(PaneSize)
        case mouse(MouseEvent)
        /// The host opened this course (from a deep link, or once the Course pane knows its ID).
        case opened(CourseID)
        case page(CourseScope, PageEvent<Course>)
        /// The browser was asked to open a course's page: what became of it.
        case browserAnswered(WebBrowser.Outcome, page: WebPage)
    }

    private let courses: CourseClient
    private let savedCopies: SavedCopyClient
    private let clock: WallClock
    private let analytics: Analytics
    private let settings: SettingsClient
    private let webBrowser: WebBrowser
    private let clipboard: Clipboard
    private var state: CourseListState
    private var runners: [CourseScope: PageRunner<Course>] = [:]

    /// Called with the course the user opened.
    var onOpen: (CourseID) -> Void = { _ in }
    var onChange: () -> Void = {}

    init(environment: EnvironmentValues) {
        courses = environment.courseClient
        savedCopies = environment.savedCopies
        clock = environment.clock
        analytics = environment.analytics
        settings = environment.settings
        webBrowser = environment.webBrowser
        clipboard = environment.clipboard
        state = CourseListState(scope: settings.load().courseScope ?? .current, hint: environment.courseListHint)
    }

    /// Starts loading the view on screen.
    func start() {
        load(state.scope, from: nil)
        finishUpdate()
    }

    @discardableResult
    func update(_ event: Event) -> Bool {
        var used = true
        switch event {
        case let .key(key): used = handleKey(key)
        case let .resize(size): state.resize(size)
        case let .mouse(event): used = handleMouse(event)
        case let .opened(id): state.markOpen(id)
        case let .page(scope, event): receive(event, for: scope)
        case let .browserAnswered(outcome, page): state.notice = page.notice(for: outcome)
        }
        finishUpdate()
        return used
    }

    func draw(into grid: inout Grid, rect: Rect, focused: Bool) {
        state.draw(into: &grid, rect: rect, focused: focused, now: clock.now())
    }

    private func finishUpdate() {
        state.settle(now: clock.now())
        onChange()
    }

    private func handleKey(_ key: Key) -> Bool {
        let view = state.view
        let page = max(1, view.list.height)
        if var filter = state.filter, filter.isEditing {
            return handleFilterKey(key, &filter)
        }
        state.notice = nil
        if let target = ListMotion.target(of: key, from: view.selection ?? 0, count: view.groups.courses.count, page: page) {
            state.select(target)
            return true
        }
        switch key {
        case .character("/"):
            var filter = state.filter ?? CourseFilter()
            filter.isEditing = true
            state.prepareFilter()
            state.setFilter(filter)
        case .escape:
            guard state.filter != nil else { return false }
            state.setFilter(nil)
        case .character("o"):
            guard let course = state.selectedCourse else { return false }
            open(WebPage(title: course.name, url: course.htmlURL))
        case .character("y"):
            guard let course = state.selectedCourse else { return false }
            state.notice = WebPage(title: course.name, url: course.htmlURL).copy(to: clipboard)
        case .character("v"):
            cycleScope()
        case .enter:
            guard let course = state.selectedCourse else { return false }
            state.markOpen(course.id)
            onOpen(course.id)
        case .character("r"):
            guard view.pages.failure != nil else { return false }
            analytics.track(.retryPressed(pane: "courses"))
            load(state.scope, from: view.pages.pending)
        default:
            return false
        }
        return true
    }

    /// A click selects the course under it, and opens it when it was already selected; the wheel moves the selection.
    private func handleMouse(_ event: MouseEvent) -> Bool {
        switch event.action {
        case .wheelUp, .wheelDown:
            guard state.filter?.isEditing != true else { return false }
            let step = event.action == .wheelUp ? -3 : 3
            state.select(max(0, (state.view.selection ?? 0) + step))
        case .click:
            guard state.filter?.isEditing != true, let index = state.courseIndex(atRow: event.y) else { return false }
            if index == state.view.selection {
                return handleKey(.enter)
            }
            state.notice = nil
            state.select(index)
        }
        return true
    }

    /// Asks the browser for `page`; what it answers comes back as an event.
    private func open(_ page: WebPage) {
        let noAddress = page.open(in: webBrowser) { [weak self] outcome in
            self?.update(.browserAnswered(outcome, page: page))
        }
        if let noAddress { state.notice = noAddress }
    }

    /// A key while the filter is typed: it narrows the list at every key; ↑ ↓ still move,
    /// Enter keeps the filter and gives the keys back to the list, Esc clears it.
    private func handleFilterKey(_ key: Key, _ filter: inout CourseFilter) -> Bool {
        switch key {
        case .escape:
            state.setFilter(nil)
        case .enter:
            filter.isEditing = false
            state.setFilter(filter.editor.text.trimming(.whitespaces).isEmpty ? nil : filter)
        case .up, .down, .pageUp, .pageDown:
            let view = state.view
            if let target = ListMotion.target(of: key, from: view.selection ?? 0, count: view.groups.courses.count, page: max(1, view.list.height)) {
                state.select(target)
            }
        default:
            guard filter.editor.handle(key) else { return true }
            state.setFilter(filter)
        }
        return true
    }

    /// Shows the next view, loading it the first time, and remembers it for the next start.
    private func cycleScope() {
        state.cycleScope()
        settings.save(Settings(courseScope: state.scope))
        analytics.track(AnalyticsEvent(name: "course_view_shown", properties: ["view": state.scope.rawValue]))
        if state.view.pages.isIdle {
            load(state.scope, from: nil)
        }
    }

    /// Fetches the page of `scope` at `cursor`; from the first page, the view starts over,
    /// showing its saved copy the first time while the listing arrives.
    private func load(_ scope: CourseScope, from cursor: PageCursor?) {
        let now = clock.now()
        if cursor == nil, state.view(scope).pages.isIdle, state.view(scope).savedCopy == nil, let copy = savedCopies.courses(scope) {
            state.withView(scope) { $0.restore(copy, now: now) }
        }
        let started = runner(for: scope).fetch(cursor)
        state.withView(scope) { view in
            if cursor == nil { view.restart() }
            _ = view.apply(started, now: now)
        }
    }

    private func receive(_ event: PageEvent<Course>, for scope: CourseScope) {
        let now = clock.now()
        let next = state.withView(scope) { $0.apply(event, now: now) }
        if case .arrived = event, let failure = state.view(scope).pages.failure {
            analytics.track(.loadFailed(pane: "courses", section: scope.rawValue, message: failure.message))
        }
        if let next {
            load(scope, from: next)
        }
    }

    private func runner(for scope: CourseScope) -> PageRunner<Course> {
        if let runner = runners[scope] { return runner }
        let courses = courses
        let runner = PageRunner<Course>(clock: clock) { cursor, progress in
            try await courses.coursesPage(scope, cursor, progress)
        }
        runner.send = { [weak self] event in self?.update(.page(scope, event)) }
        runners[scope] = runner
        return runner
    }
}

extension CourseListPane {
    var scope: CourseScope { state.scope }
    var selectedCourse: Course? { state.selectedCourse }
    var title: String { state.title }
    var footer: String? { state.footer }
    /// While the filter is typed, every key is text for it.
    var capturesKeys: Bool { state.filter?.isEditing == true }
    var isAnimating: Bool { state.view.pages.isLoading }

    var hints: [KeyHint] {
        if state.filter?.isEditing == true {
            return KeyTable.filterHints
        }
        let rows = [
            (KeyTable.move, true), (KeyTable.open, true), (KeyTable.view, true), (KeyTable.find, true),
            (KeyTable.openWeb, state.selectedCourse?.htmlURL != nil), (KeyTable.retry, state.view.pages.failure != nil),
        ]
        return rows.compactMap { row, applies in applies ? row.hint : nil }
            + (state.filter != nil ? [KeyHint(key: "Esc", action: "clear filter")] : [])
    }
}
