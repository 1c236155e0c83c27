import CourseKit
import FoundationEssentials
import TerminalUI

/// The Due pane: everything due across the student's courses, from two weeks back to four
/// ahead, loaded by the pane itself in one planner call and grouped by day, missing first.
///
/// It reports the course the user opens to the host (`HostEvent.opened`), with the assignment or discussion to show, and
/// hands files in to an assignment itself through the hand-in flow. What to do is decided by
/// its state's `update`; this class only performs the effects that returns.
@MainActor
final class DuePane: PaneRunner {
    typealias Event = DueState.Event

    private let planner: PlannerClient
    private let savedCopies: SavedCopyClient
    private let courses: CourseClient
    private let uploadQueue: UploadQueueClient
    private let handInServices: HandInFlow.Services
    private let webBrowser: WebBrowser
    private let clipboard: Clipboard
    let clock: WallClock
    private let analytics: Analytics
    private let items: LoadRunner<[PlannerItem]>
    private let assignments: LoadRunner<[Assignment]>
    var state: DueState
    private var watcher: Task<Void, Never>?
    private var ticker: Task<Void, Never>?

    /// The dates the planner was last asked for.
    private var window: DateInterval?
    var onChange: () -> Void = {}
    var sendToHost: (HostEvent) -> Void = { _ in }

    init(environment: EnvironmentValues) {
        planner = environment.planner
        savedCopies = environment.savedCopies
        courses = environment.courseClient
        uploadQueue = environment.uploadQueue
        handInServices = HandInFlow.Services(environment: environment)
        webBrowser = environment.webBrowser
        clipboard = environment.clipboard
        clock = environment.clock
        analytics = environment.analytics
        state = DueState(
            home: environment.paths.homeDirectory.path, lms: environment.capabilities.lmsName,
            plannerMarkRefusal: environment.capabilities.plannerMarkRefusal, takesContent: environment.capabilities.takesContent
        )
        items = LoadRunner(clock: clock)
        assignments = LoadRunner(clock: clock)
        items.send = { [weak self] in self?.receive($0) }
        assignments.send = { [weak self] in self?.update(.assignments($0)) }
    }

    /// Starts loading, follows the upload queue to tell when a hand-in made here is in, and
    /// the clock, so what passes its date turns missing, and today yesterday, untouched.
    func start() {
        watcher = uploadQueue.follow(by: self) { $0.update(.uploadChanged($1)) }
        ticker = clock.minuteTurns(by: self, shownMinute: { $0.state.groupedMinute }) { $0.update(.minutePassed) }
        update(.start)
    }

    isolated deinit {
        watcher?.cancel()
        ticker?.cancel()
    }

    private func receive(_ event: LoadEvent<[PlannerItem]>) {
        update(.planner(event))
        if case let .finished(.success(list)) = event, let window {
            sendToHost(.plannerItems(list, window: window))
        }
    }

    func draw(into grid: inout Grid, rect: Rect, focused: Bool) {
        state.draw(into: &grid, rect: rect, focused: focused, now: clock.now())
    }

    func perform(_ effect: DueState.Effect) {
        switch effect {
        case let .load(start, end):
            let copy = savedCopies.planner()
            if let copy {
                update(.planner(.restored(copy.value, savedAt: copy.savedAt)))
            }
            load(start, end, keepingValue: copy != nil)
        case let .refresh(start, end): load(start, end, keepingValue: true)
        case let .answered(items):
            if let window {
                sendToHost(.plannerAnswered(items, window: window))
            }
        case let .reload(keepingValue): update(.planner(items.again(keepingValue: keepingValue)))
        case let .loadAssignments(course):
            let courses = courses
            update(.assignments(assignments.load { try await courses.assignments(course, $0) }))
        case let .open(course, focus): sendToHost(.opened(course, selecting: focus))
        case let .openInBrowser(page):
            page.open(in: webBrowser) { [weak self] in self?.update(.browserAnswered($0, page: page)) }
        case let .copyToClipboard(text): clipboard.copy(text)
        case let .track(event): analytics.track(event)
        case let .handIn(effect):
            HandInFlow.perform(effect, with: handInServices) { [weak self] in self?.update(.handInAnswered($0)) }
        case let .note(note, token):
            let queue = uploadQueue
            Task { [weak self] in
                do {
                    let job = try await queue.enqueueNote(note)
                    self?.update(.noteQueued(token: token, job: job.id, problem: nil))
                } catch {
                    self?.update(.noteQueued(token: token, job: nil, problem: userMessage(for: error)))
                }
            }
        case let .mark(item, done):
            let queue = uploadQueue
            Task { [weak self] in
                do {
                    let job = try await queue.enqueueMark(item, done)
                    self?.update(.markQueued(itemID: item.id, job: job.id, problem: nil))
                } catch {
                    self?.update(.markQueued(itemID: item.id, job: nil, problem: userMessage(for: error)))
                }
            }
        }
    }

    /// Asks the planner for what is dated from `start` up to `end`; with `keepingValue`, behind what is shown.
    /// The pane loads as the app starts and on every refresh, whether or not anyone looks at it, so its
    /// requests are background work; a retry by key (`reload`) is not.
    private func load(_ start: Date, _ end: Date, keepingValue: Bool) {
        window = DateInterval(start: start, end: end)
        let planner = planner
        update(.planner(items.load(keepingValue: keepingValue, urgency: .background) { try await planner.items(start, end, $0) }))
    }
}

extension DuePane {
    var title: String { state.title }
    var keyGroup: String { "Due" }
    var footer: String? { state.footer }
    var isAnimating: Bool { state.isLoading || state.planner.note != nil }
    /// While the hand-in flow is open, every key is text for it.
    var capturesKeys: Bool { state.isTyping }
    var isCutOff: Bool { state.planner.isCutOff }
    var answers: Int { state.planner.answers }
    var keys: [KeyItem] { state.keys }
    var helpKeys: [KeyItem] { state.helpKeys }
}
