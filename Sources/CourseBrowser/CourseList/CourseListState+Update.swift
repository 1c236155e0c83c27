import CourseKit
import FoundationEssentials
import TerminalUI
import TextBasics

extension CourseListState: SettlingState, BoundKeys {
    enum Event: PaneEvent {
        case key(Key)
        case resize(PaneSize)
        case mouse(MouseEvent)
        /// Start loading the view on screen.
        case start
        /// Time to read the view on screen again behind what it shows, or to try again what failed.
        case refresh
        /// The host opened this course (from a deep link, or once the Course pane knows its ID).
        case opened(CourseID)
        /// What was saved of a view, to show until its listing arrives.
        case restored(CourseScope, Saved<[Course]>)
        case page(CourseScope, PageEvent<Course>)
        /// The browser was asked to open a course's page: what became of it.
        case browserAnswered(WebBrowser.Outcome, page: WebPage)
        /// What the planner answered for the dates of `window`, to tell what changed in each course.
        case plannerItems([PlannerItem], window: DateInterval)
        /// How many things changed in each course since the student last looked.
        case changesCounted([CourseID: Int])
        /// The student looked at this course: nothing in it is new any more.
        case seen(CourseID)

        var pressedKey: Key? {
            if case let .key(key) = self { return key }
            return nil
        }
    }

    enum Effect: Equatable {
        /// Show what was saved of the view, if anything was.
        case restoreSavedCopy(CourseScope)
        /// Fetch the page of the view at `cursor` (nil: the first).
        case fetch(CourseScope, from: PageCursor?)
        /// Tell the host the user opened this course.
        case open(CourseID)
        case openInBrowser(WebPage)
        case copyToClipboard(String)
        case saveSettings(Settings)
        case track(AnalyticsEvent)
        /// Count what changed in each course of these planner items against what was seen of it.
        case countChanges([PlannerItem], window: DateInterval)
    }

    mutating func apply(_ event: Event, now: Date) -> [Effect] {
        switch event {
        case let .key(key): return handle(key)
        case let .resize(size): resize(size)
        case let .mouse(event): return handleMouse(event)
        case .start: return load(scope, from: nil)
        case .refresh: return refresh()
        case let .opened(id): markOpen(id)
        case let .restored(scope, copy): withView(scope) { $0.restore(copy, now: now) }
        case let .page(scope, event): return receive(event, for: scope, now: now)
        case let .browserAnswered(outcome, page): notice = page.notice(for: outcome)
        case let .plannerItems(items, window): return [.countChanges(items, window: window)]
        case let .changesCounted(counts): showChanges(counts)
        case let .seen(id): clearChanges(of: id)
        }
        return []
    }

    private mutating func handle(_ key: Key) -> [Effect] {
        if isTypingFilter {
            handleFilterKey(key)
            return []
        }
        return press(key)
    }

    mutating func act(_ action: Action, key: Key) -> [Effect] {
        let view = view
        switch action {
        case .move:
            if let target = ListMotion.target(of: key, from: view.selection ?? 0, count: view.groups.courses.count, page: max(1, view.list.height)) {
                select(target)
            }
        case .open:
            guard let course = selectedCourse else { return [] }
            markOpen(course.id)
            return [.open(course.id)]
        case .cycleView:
            return cycleView()
        case .find:
            var filter = filter ?? CourseFilter()
            filter.isEditing = true
            prepareFilter()
            setFilter(filter)
        case .clearFilter:
            setFilter(nil)
        case .openInBrowser:
            return selectedPage.map { [.openInBrowser($0)] } ?? []
        case .copyAddress:
            guard let page = selectedPage, let url = page.url else { return [] }
            notice = page.copiedNotice
            return [.copyToClipboard(url.absoluteString)]
        case .retry:
            return [.track(.retryPressed(pane: "courses"))] + load(scope, from: view.pages.pending)
        }
        return []
    }

    /// A click selects the course under it, and opens it when it was already selected; the wheel moves the selection.
    private mutating func handleMouse(_ event: MouseEvent) -> [Effect] {
        guard !isTypingFilter else { return [] }
        switch event.action {
        case .wheelUp, .wheelDown:
            let step = event.action == .wheelUp ? -3 : 3
            select(max(0, (view.selection ?? 0) + step))
        case .click:
            guard let index = courseIndex(atRow: event.y) else { return [] }
            if index == view.selection {
                return handle(.enter)
            }
            notice = nil
            select(index)
        }
        return []
    }

    /// A key while the filter is typed: it narrows the list at every key; ↑ ↓ still move,
    /// Enter keeps the filter and gives the keys back to the list, Esc clears it.
    private mutating func handleFilterKey(_ key: Key) {
        guard var filter else { return }
        switch Self.filterBindings.lookUp(key, availability: { _ in .enabled }) {
        case .act(.clear):
            setFilter(nil)
        case .act(.keep):
            filter.isEditing = false
            setFilter(filter.editor.text.trimming(.whitespaces).isEmpty ? nil : filter)
        case .act(.move):
            let view = view
            if let target = ListMotion.target(of: key, from: view.selection ?? 0, count: view.groups.courses.count, page: max(1, view.list.height)) {
                select(target)
            }
        case .unbound, .refused:
            guard filter.editor.handle(key) else { return }
            setFilter(filter)
        }
    }

    /// Shows the next view, loading it the first time, and remembers it for the next start.
    private mutating func cycleView() -> [Effect] {
        cycleScope()
        let shown = [Effect.saveSettings(Settings(courseScope: scope)), .track(AnalyticsEvent(name: "course_view_shown", properties: ["view": scope.rawValue]))]
        return shown + (view.pages.isIdle ? load(scope, from: nil) : view.isStale ? refreshView() : [])
    }

    /// Fetches the page of `scope` at `cursor`; from the first page, the view starts over,
    /// showing its saved copy the first time while the listing arrives.
    private mutating func load(_ scope: CourseScope, from cursor: PageCursor?) -> [Effect] {
        guard cursor == nil else { return [.fetch(scope, from: cursor)] }
        let firstTime = view(scope).pages.isIdle && view(scope).savedCopy == nil
        withView(scope) { $0.restart() }
        return (firstTime ? [.restoreSavedCopy(scope)] : []) + [.fetch(scope, from: nil)]
    }

    /// Refreshes the view on screen; the other views are read again when they are next shown.
    private mutating func refresh() -> [Effect] {
        for other in CourseScope.allCases where other != scope {
            withView(other) { $0.markStale() }
        }
        return refreshView()
    }

    /// Reads the view on screen again from its first page, keeping what it shows until the
    /// listing is complete; resumes a listing that failed. Not while the filter is typed (the
    /// list would change under the keys) nor while a page is on its way.
    private mutating func refreshView() -> [Effect] {
        let pages = view.pages
        guard !isTypingFilter, !pages.isLoading, !pages.isIdle else { return [] }
        if pages.failure != nil {
            return load(scope, from: pages.pending)
        }
        withView(scope) { $0.holdForRefresh() }
        return load(scope, from: nil)
    }

    private mutating func receive(_ event: PageEvent<Course>, for scope: CourseScope, now: Date) -> [Effect] {
        let next = withView(scope) { $0.apply(event, now: now) }
        var effects: [Effect] = []
        if case .finished = event, let failure = view(scope).pages.failure {
            effects.append(.track(.loadFailed(pane: "courses", section: scope.rawValue, message: failure.message)))
        }
        if let next {
            effects += load(scope, from: next)
        }
        return effects
    }
}
