import CourseKit
import TerminalUI

/// The thin shell around the panes: it places them, moves focus and routes what they tell it.
///
/// It never loads data and never shows a pane's errors; each pane does that itself.
@MainActor
public final class AppShell: TerminalApplication {
    private let analytics: Analytics
    let notifier: Notifier
    let notificationLog: NotificationLog
    private let uploadQueue: UploadQueueClient
    private var uploadWatcher: Task<Void, Never>?
    private var refresher: Task<Void, Never>?
    /// The next try of the panes cut off from the backend, while one is.
    private var reconnector: Task<Void, Never>?
    /// Seconds before that try: 5, doubling to 60 while the backend stays out of reach.
    private var reconnectDelay = AppShell.firstReconnectDelay
    let clock: WallClock
    /// Which site and login the screen shows, drawn in the queue's bottom border (the tab row's
    /// end on a narrow screen).
    let siteLabel: String?
    /// Canvas's rate budget, whose last reading the help overlay's footer shows.
    let rateBudget: RateBudgetClient
    /// How many times each pane has changed; a pane unchanged since it was drawn is not drawn again.
    var revisions: [PaneID: Int] = [:]
    /// What each pane drew last, and under what conditions.
    var drawings: [PaneID: PaneDrawing] = [:]

    let list: CourseListPane
    let detail: CourseDetailPane
    let uploads: UploadsPane
    let due: DuePane
    private(set) var focus: PaneID = .list
    /// Where everything goes on the screen, as of the last `resize`.
    var layout = ShellLayout(bounds: Rect(x: 0, y: 0, width: 0, height: 0))
    /// The help overlay, while it is open.
    var help: HelpOverlay?
    /// How many loads of each pane the backend had answered when it last changed.
    var answersSeen: [PaneID: Int] = [:]
    /// What is told outside the screen while nobody looks at it.
    var notices = NoticeState()
    /// How the screen draws, as of the last `resize`: key names are spelled for it.
    var glyphs = Glyphs.unicode
    /// Where the last key pressed works, when it is another pane's and not the focused one's: the
    /// hint line says so until the next key.
    var strayKeyNote: String?
    public var setNeedsDisplay: () -> Void = {}

    /// The panes, in focus order.
    public enum PaneID: String, CaseIterable, Sendable {
        // In the order Tab visits them, which is the screen's: the left column top down, then
        // Course beside it, then the queue across the bottom.
        case list = "courses"
        case due
        case detail = "course"
        case uploads
    }

    public init(environment: EnvironmentValues) {
        analytics = environment.analytics
        notifier = environment.notifier
        notificationLog = environment.notificationLog
        uploadQueue = environment.uploadQueue
        clock = environment.clock
        siteLabel = environment.siteLabel
        rateBudget = environment.rateBudget
        list = CourseListPane(environment: environment)
        detail = CourseDetailPane(environment: environment)
        uploads = UploadsPane(environment: environment)
        due = DuePane(environment: environment)
        for id in PaneID.allCases {
            pane(id).onChange = { [weak self] in
                self?.revisions[id, default: 0] += 1
                self?.noteRecovery(of: id)
                self?.scheduleReconnect()
                if id == .uploads { self?.relayoutIfNeeded() }
                self?.setNeedsDisplay()
            }
            pane(id).sendToHost = { [weak self] event in self?.route(event) }
        }
    }

    /// Passes what a pane told to the panes it concerns.
    func route(_ event: HostEvent) {
        switch event {
        case let .opened(id, focus):
            open(id, selecting: focus)
        case let .coursesLoaded(courses):
            due.update(.courses(courses))
            uploads.update(.courses(courses))
        case let .courseLoaded(course):
            list.update(.opened(course.id))
        case let .seen(id):
            list.update(.seen(id))
        case .back:
            setFocus(.list)
        case let .plannerItems(items, window):
            list.update(.plannerItems(items, window: window))
            // The planner can answer after the course list did: it learns its codes from what is loaded.
            if due.state.lacksCourseCodes {
                due.update(.courses(list.state.knownCourses))
            }
        case let .plannerAnswered(items, window):
            tellWhatIsDue(items, covering: window)
        }
    }

    /// Starts every pane's loading; with `course`, opens it straight away (a deep link); with
    /// `pane`, focuses that pane instead of the course list; with `refreshInterval`, refreshes
    /// the panes each time it passes on the environment's clock.
    public func start(openingCourse course: CourseID? = nil, focusing pane: PaneID? = nil, refreshingEvery refreshInterval: Duration? = nil) {
        list.start()
        detail.start()
        uploads.start()
        due.start()
        uploadWatcher = uploadQueue.follow(by: self) { $0.announce($1) }
        if let refreshInterval {
            refresher = clock.repeating(every: refreshInterval, by: self) { $0.refreshPanes() }
        }
        if let course {
            list.update(.opened(course))
            open(course)
        } else if let pane {
            focus = pane
            relayoutIfNeeded()
            analytics.track(.paneShown(pane.rawValue))
        } else {
            analytics.track(.paneShown(PaneID.list.rawValue))
        }
    }

    /// Shows `id` in the Course pane, with `assignment` selected once it is shown, and focuses it.
    private func open(_ id: CourseID, selecting focus: CourseFocus? = nil) {
        detail.update(.show(id, selecting: focus))
        setFocus(.detail)
    }

    func setFocus(_ pane: PaneID) {
        guard pane != focus else { return }
        focus = pane
        analytics.track(.paneShown(pane.rawValue))
        relayoutIfNeeded()
        setNeedsDisplay()
    }

    var panes: [any Pane] { [list, detail, uploads, due] }

    func pane(_ id: PaneID) -> any Pane {
        switch id {
        case .list: return list
        case .detail: return detail
        case .uploads: return uploads
        case .due: return due
        }
    }

    /// Once the backend answers a pane's load, it answers again: every other pane that could not
    /// reach it (as they all can't when the network goes) tries again by itself, rather than each
    /// waiting for its own `r`. Only an answer counts, never a load starting (which clears a
    /// failure too); a failure that is not the network's waits for `r`, as it would fail again.
    func noteRecovery(of id: PaneID) {
        let answers = pane(id).answers
        guard answers != answersSeen[id, default: 0] else { return }
        answersSeen[id] = answers
        reconnectDelay = Self.firstReconnectDelay
        retryFailedPanes(besides: id)
    }

    static let firstReconnectDelay: Double = 5

    /// While a pane can't reach the backend, tries the cut-off panes again by themselves after
    /// 5 s, then 10, 20, 40 and every 60 s until the backend answers one: the network coming back
    /// shows without a key, though nothing else asked the backend meanwhile. A clock that did
    /// not move while it slept (a frozen test clock) never tries, so nothing spins.
    func scheduleReconnect() {
        guard reconnector == nil, panes.contains(where: \.isCutOff) else { return }
        let delay = reconnectDelay
        let due = clock.now().addingTimeInterval(delay)
        reconnector = Task { [weak self, clock] in
            var before = clock.now()
            while before < due {
                try? await clock.sleep(.milliseconds(Int64(due.timeIntervalSince(before) * 1_000)))
                let after = clock.now()
                guard !Task.isCancelled, after > before else { return }
                before = after
            }
            guard let self else { return }
            self.reconnector = nil
            self.reconnectDelay = min(60, delay * 2)
            self.retryFailedPanes()
        }
    }

    /// Refreshes each pane but `id` that could not reach the backend, which makes it try again.
    func retryFailedPanes(besides id: PaneID? = nil) {
        if id != .list, list.isCutOff { list.update(.refresh) }
        if id != .detail, detail.isCutOff { detail.update(.refresh) }
        if id != .due, due.isCutOff { due.update(.refresh) }
    }

    /// Tells the panes that refresh themselves to do it: each reads again behind what it shows,
    /// unless a load is on its way or the user is typing in it, and retries what failed.
    func refreshPanes() {
        list.update(.refresh)
        detail.update(.refresh)
        due.update(.refresh)
    }

    isolated deinit {
        uploadWatcher?.cancel()
        refresher?.cancel()
        reconnector?.cancel()
    }

    /// Whether a pane is loading or counting down, which tests wait out before they look.
    var isAnimating: Bool {
        panes.contains { $0.isAnimating }
    }

    /// How long until a pane on screen changes by itself (`Pane.nextChange(after:)`); nil while
    /// none will, so the loop draws nothing until an event comes.
    public var nextFrame: Duration? {
        guard layout.fits else { return nil }
        let now = clock.now()
        guard let next = layout.shown(focus: focus).compactMap({ pane($0).nextChange(after: now) }).min() else { return nil }
        return .milliseconds(Int64((max(0, next.timeIntervalSince(now)) * 1_000).rounded(.up)))
    }
}
