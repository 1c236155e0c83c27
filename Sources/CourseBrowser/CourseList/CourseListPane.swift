import CourseKit
import FoundationEssentials
import TerminalUI

/// The Courses pane: the user's courses in one of three views (current, favorites, all),
/// grouped by term and loaded page by page by the pane itself.
///
/// Each view has its own pages and its own error row. Given the planner's items, it marks each
/// course with how many things changed since the student last looked (`●2`). The pane reports
/// the course the user opens to the host (`HostEvent.opened`) and never decides what happens next. What to do is decided
/// by its state's `update`; this class only performs the effects that returns.
@MainActor
final class CourseListPane: PaneRunner {
    typealias Event = CourseListState.Event

    private let courses: CourseClient
    private let savedCopies: SavedCopyClient
    let clock: WallClock
    private let analytics: Analytics
    private let settings: SettingsClient
    private let webBrowser: WebBrowser
    private let clipboard: Clipboard
    private let seen: SeenClient
    var state: CourseListState
    private var runners: [CourseScope: LoadRunner<Page<Course>>] = [:]

    var onChange: () -> Void = {}
    var sendToHost: (HostEvent) -> Void = { _ in }

    init(environment: EnvironmentValues) {
        courses = environment.courseClient
        savedCopies = environment.savedCopies
        clock = environment.clock
        analytics = environment.analytics
        settings = environment.settings
        webBrowser = environment.webBrowser
        clipboard = environment.clipboard
        seen = environment.seen
        state = CourseListState(scope: settings.load().courseScope ?? .current)
    }

    /// Starts loading the view on screen.
    func start() {
        update(.start)
    }

    func draw(into grid: inout Grid, rect: Rect, focused: Bool) {
        state.draw(into: &grid, rect: rect, focused: focused, now: clock.now())
    }

    func perform(_ effect: CourseListState.Effect) {
        switch effect {
        case let .restoreSavedCopy(scope):
            if let copy = savedCopies.courses(scope) {
                update(.restored(scope, copy))
                sendToHost(.coursesLoaded(copy.value))
            }
        case let .fetch(scope, cursor):
            let courses = courses
            // A refresh behind what is shown is background work; a page someone waits for is not.
            let urgency: RequestUrgency = state.view(scope).isRefreshingQuietly ? .background : .interactive
            update(.page(scope, runner(for: scope).load(urgency: urgency) { try await courses.coursesPage(scope, cursor, $0) }))
        case let .open(id): sendToHost(.opened(id, selecting: nil))
        case let .openInBrowser(page):
            page.open(in: webBrowser) { [weak self] in self?.update(.browserAnswered($0, page: page)) }
        case let .copyToClipboard(text): clipboard.copy(text)
        case let .saveSettings(value): settings.save(value)
        case let .track(event): analytics.track(event)
        case let .countChanges(items, window):
            update(.changesCounted(ChangeCount.counts(of: items, window: window, seen: seen, now: clock.now())))
        }
    }

    private func runner(for scope: CourseScope) -> LoadRunner<Page<Course>> {
        if let runner = runners[scope] { return runner }
        let runner = LoadRunner<Page<Course>>(clock: clock)
        runner.send = { [weak self] event in
            self?.update(.page(scope, event))
            if case let .finished(.success(page)) = event { self?.sendToHost(.coursesLoaded(page.items)) }
        }
        runners[scope] = runner
        return runner
    }
}

extension CourseListPane {
    var title: String { state.title }
    var keyGroup: String { "Courses" }
    var footer: String? { state.footer }
    /// While the filter is typed, every key is text for it.
    var capturesKeys: Bool { state.isTypingFilter }
    var isCutOff: Bool { state.view.pages.failure?.meansOffline == true }
    var answers: Int { state.view.pages.answers }
    /// While a page loads, but for a refresh behind what is shown, which has no spinner.
    var isAnimating: Bool { state.view.pages.isLoading && !state.view.isRefreshingQuietly }
    var keys: [KeyItem] { state.keys }
    var helpKeys: [KeyItem] { state.helpKeys }
}
