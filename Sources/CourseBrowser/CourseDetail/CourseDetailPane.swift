import CourseKit
import FoundationEssentials
import HTMLText
import TerminalUI

/// The Course pane: given only a course ID, it loads the overview, assignments, syllabus and
/// modules itself, and queues files for the course (`u`) or for an assignment (`s`).
///
/// Each section has its own loader and its own inline error row, so a syllabus that
/// fails to load never hides the modules that did.
@MainActor
final class CourseDetailPane: Pane {
    enum Event: PaneEvent {
        case key(Key)
        case resize(PaneSize)
        case mouse(MouseEvent)
        /// Show this course, loading everything about it.
        case show(CourseID)
        case overview(LoadEvent<Course>)
        case syllabus(LoadEvent<[TextBlock]>)
        case modules(LoadEvent<[CourseModule]>)
        case assignments(LoadEvent<[Assignment]>)
        /// The prompt's files went into the queue, all of them or up to the first that could not.
        case queued(QueueingOutcome)
        /// The upload queue changed a job: a submission from this pane may have been handed in.
        case uploadChanged(UploadChange)
        /// The browser was asked to open a page: what became of it.
        case browserAnswered(WebBrowser.Outcome, page: WebPage)
        /// A minute has passed since the lines were laid out: "due in 45 min" moves on.
        case minutePassed
    }

    /// How often the pane looks whether the minute has turned; the times it shows are at most this late.
    static let clockCheck = Duration.seconds(10)

    private let courses: CourseClient
    private let savedCopies: SavedCopyClient
    let uploadQueue: UploadQueueClient
    let webBrowser: WebBrowser
    let clipboard: Clipboard
    /// For `~` in the upload prompt.
    let home: String
    let clock: WallClock
    private let analytics: Analytics
    private let overview: LoadRunner<Course>
    private let syllabus: LoadRunner<[TextBlock]>
    private let modules: LoadRunner<[CourseModule]>
    let assignments: LoadRunner<[Assignment]>
    var state = CourseDetailState()
    private var watcher: Task<Void, Never>?
    private var ticker: Task<Void, Never>?

    var onChange: () -> Void = {}
    /// Called with the course once its overview arrives; its `id` is the backend's own, even
    /// when the pane was given another form of it (such as `sis_course_id:ABC`).
    var onCourseLoaded: (Course) -> Void = { _ in }

    init(environment: EnvironmentValues) {
        courses = environment.courseClient
        savedCopies = environment.savedCopies
        uploadQueue = environment.uploadQueue
        webBrowser = environment.webBrowser
        clipboard = environment.clipboard
        home = environment.paths.homeDirectory.path
        clock = environment.clock
        analytics = environment.analytics
        overview = LoadRunner(clock: clock)
        syllabus = LoadRunner(clock: clock)
        modules = LoadRunner(clock: clock)
        assignments = LoadRunner(clock: clock)
        overview.send = { [weak self] in self?.update(.overview($0)) }
        syllabus.send = { [weak self] in self?.update(.syllabus($0)) }
        modules.send = { [weak self] in self?.update(.modules($0)) }
        assignments.send = { [weak self] in self?.update(.assignments($0)) }
    }

    /// Follows the upload queue, to say when a submission made here is handed in, and the
    /// clock, so a deadline shown as "due in 45 min" counts down while nobody touches a key.
    func start() {
        let updates = uploadQueue.updates()
        watcher = Task { [weak self] in
            for await change in updates {
                self?.update(.uploadChanged(change))
            }
        }
        ticker = Task { [weak self, clock] in
            while !Task.isCancelled {
                try? await clock.sleep(Self.clockCheck)
                guard let self else { return }
                if CourseDetailState.minute(of: clock.now()) != self.state.laidOutMinute {
                    self.update(.minutePassed)
                }
            }
        }
    }

    isolated deinit {
        watcher?.cancel()
        ticker?.cancel()
    }

    @discardableResult
    func update(_ event: Event) -> Bool {
        var used = true
        switch event {
        case let .key(key): used = handleKey(key)
        case let .resize(size): state.resize(size)
        case let .mouse(event): used = handleMouse(event)
        case let .show(id): show(id)
        case let .overview(event): receiveOverview(event)
        case let .syllabus(event): state.syllabus.apply(event); report(event, section: "syllabus")
        case let .modules(event): state.modules.apply(event); report(event, section: "modules")
        case let .assignments(event): state.assignments.apply(event); report(event, section: "assignments")
        case let .queued(outcome): queued(outcome)
        case let .uploadChanged(change): uploadChanged(change)
        case let .browserAnswered(outcome, page): state.notice = page.notice(for: outcome)
        case .minutePassed: break
        }
        state.layout(now: clock.now())
        onChange()
        return used
    }

    func draw(into grid: inout Grid, rect: Rect, focused: Bool) {
        state.draw(into: &grid, rect: rect, now: clock.now(), focused: focused)
    }

    private func show(_ id: CourseID) {
        guard id != state.courseID || state.hasFailure else { return }
        state.show(id)
        let courses = courses
        // What was saved shows at once; each section's answer replaces it when it arrives.
        let saved = savedCopies
        let savedOverview = restore(saved.course(id), into: &state.overview)
        let savedSyllabus = restore(saved.syllabus(id).map { copy in
            Saved(value: copy.value.map(HTMLText.blocks(from:)) ?? [], savedAt: copy.savedAt)
        }, into: &state.syllabus)
        let savedModules = restore(saved.modules(id), into: &state.modules)
        let savedAssignments = restore(saved.assignments(id), into: &state.assignments)
        state.overview.apply(overview.load(keepingValue: savedOverview) { try await courses.course(id, $0) })
        state.syllabus.apply(syllabus.load(keepingValue: savedSyllabus) { try await courses.syllabus(id, $0).map(HTMLText.blocks(from:)) ?? [] })
        state.modules.apply(modules.load(keepingValue: savedModules) { try await courses.modules(id, $0) })
        state.assignments.apply(assignments.load(keepingValue: savedAssignments) { try await courses.assignments(id, $0) })
        analytics.track(AnalyticsEvent(name: "course_opened", properties: ["course": id.rawValue]))
    }

    /// Shows `copy` in `section` until its load answers; returns whether there was one.
    private func restore<Value>(_ copy: Saved<Value>?, into section: inout LoadState<Value>) -> Bool {
        guard let copy else { return false }
        section.apply(.restored(copy.value, savedAt: copy.savedAt))
        return true
    }

    private func receiveOverview(_ event: LoadEvent<Course>) {
        state.overview.apply(event)
        report(event, section: "overview")
        if case let .finished(.success(course)) = event {
            onCourseLoaded(course)
        }
    }

    private func report<Value>(_ event: LoadEvent<Value>, section: String) {
        guard case let .finished(.failure(error)) = event else { return }
        analytics.track(.loadFailed(pane: "course", section: section, message: userMessage(for: error)))
    }

    private func handleKey(_ key: Key) -> Bool {
        if state.isTyping {
            handleTypingKey(key)
            return true
        }
        state.notice = nil
        switch key {
        case .character("u"):
            guard state.courseID != nil else { return false }
            state.prompt = UploadPrompt()
        case .character("s"):
            guard state.courseID != nil else { return false }
            openAssignmentPicker()
        case .up, .character("k"): state.scroll(by: -1)
        case .down, .character("j"): state.scroll(by: 1)
        case .pageUp: state.scroll(by: -max(1, state.contentHeight))
        case .pageDown, .character(" "): state.scroll(by: max(1, state.contentHeight))
        case .home, .character("g"): state.scroll(to: 0)
        case .end, .character("G"): state.scroll(to: state.lines.count)
        case .character("r"):
            guard retryFailed() else { return false }
            analytics.track(.retryPressed(pane: "course"))
        case .character("n"): state.selectItem(step: 1)
        case .character("p"): state.selectItem(step: -1)
        case .escape:
            guard state.selectedItem != nil else { return false }
            state.clearItemSelection()
        case .character("o"):
            guard let page = focusedPage() else { return false }
            open(page)
        case .character("y"):
            guard let page = focusedPage() else { return false }
            state.notice = page.copy(to: clipboard)
        default:
            return false
        }
        return true
    }

    /// The wheel scrolls; a click selects the assignment or module item under it. Not while typing.
    private func handleMouse(_ event: MouseEvent) -> Bool {
        guard !state.isTyping else { return false }
        switch event.action {
        case .wheelUp: state.scroll(by: -3)
        case .wheelDown: state.scroll(by: 3)
        case .click:
            guard state.selectItem(atRow: event.y) else { return false }
        }
        return true
    }

    /// The selected item's page, else the course's; nil before a course is open.
    private func focusedPage() -> WebPage? {
        if let item = state.selectedDetailItem {
            return WebPage(title: item.title, url: item.url)
        }
        guard state.courseID != nil else { return nil }
        return WebPage(title: state.overview.value?.name ?? "this course", url: state.overview.value?.htmlURL)
    }

    /// Asks the browser for `page`; what it answers comes back as an event.
    private func open(_ page: WebPage) {
        let noAddress = page.open(in: webBrowser) { [weak self] outcome in
            self?.update(.browserAnswered(outcome, page: page))
        }
        if let noAddress { state.notice = noAddress }
    }

    /// Loads again every section that failed; returns whether any had.
    private func retryFailed() -> Bool {
        guard state.hasFailure else { return false }
        retry(&state.overview, overview)
        retry(&state.syllabus, syllabus)
        retry(&state.modules, modules)
        retry(&state.assignments, assignments)
        return true
    }

    /// Loads `section` again if it failed, behind what it shows when a refresh failed.
    private func retry<Value>(_ section: inout LoadState<Value>, _ runner: LoadRunner<Value>) {
        guard section.retryableFailure != nil else { return }
        section.apply(runner.again(keepingValue: section.value != nil))
    }
}

extension CourseDetailPane {
    var uploadPrompt: UploadPrompt? { state.prompt }
    var assignmentPicker: AssignmentPicker? { state.picker }
    var hasFailure: Bool { state.hasFailure }
    /// Content lines at the pane's width, for the scroll position.
    var lineCount: Int { state.lines.count }
    var title: String { "Course" }
    var footer: String? { state.footer }
    /// While loading, and while a refresh behind a saved copy waits, so its count goes on.
    var isAnimating: Bool { state.isLoading || state.savedCopies?.note != nil }
    /// While the picker or the prompt is open, every key is text for it.
    var capturesKeys: Bool { state.isTyping }

    var hints: [KeyHint] {
        if state.picker != nil {
            return KeyTable.pickerHints
        }
        if state.prompt != nil {
            return KeyTable.promptHints
        }
        let takesFiles = state.assignments.value?.contains(where: \.acceptsUploads) == true
        let hasItems = state.lines.contains { $0.item != nil }
        let rows = [
            (KeyTable.move.hint("scroll"), true), (KeyTable.item.hint, hasItems), (KeyTable.openWeb.hint, focusedPage()?.url != nil),
            (KeyTable.upload.hint, state.courseID != nil), (KeyTable.submit.hint, takesFiles), (KeyTable.retry.hint, state.hasFailure),
        ]
        return rows.compactMap { hint, applies in applies ? hint : nil }
    }
}
