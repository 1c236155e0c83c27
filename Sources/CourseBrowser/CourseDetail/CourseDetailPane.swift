import CourseKit
import FoundationEssentials
import HTMLText
import TerminalUI

/// The Course pane: given only a course ID, it loads every section of the course itself, queues
/// files for the course (`u`) or for an assignment (`s`), and queues the course's files to
/// download (`d`).
///
/// Each section has its own loader, made from its slot, and its own inline error row, so a
/// syllabus that fails to load never hides the modules that did. What to do is decided by its
/// state's `update`; this class only performs the effects that returns.
@MainActor
final class CourseDetailPane: PaneRunner {
    typealias Event = CourseDetailState.Event

    private let announcementClient: AnnouncementClient
    private let discussionClient: DiscussionClient
    private let fileClient: FileClient
    private let savedCopies: SavedCopyClient
    private let uploadQueue: UploadQueueClient
    private let handInServices: HandInFlow.Services
    private let webBrowser: WebBrowser
    private let clipboard: Clipboard
    let clock: WallClock
    private let analytics: Analytics
    private let seenRecords: SeenClient
    /// Each section's loader, by its kind.
    private var loaders: [CourseSectionKind: SectionLoader] = [:]
    /// The syllabus's own loader, which also wraps it off the main actor.
    private var syllabus: SyllabusLoader?
    var state: CourseDetailState
    private var watcher: Task<Void, Never>?
    private var ticker: Task<Void, Never>?
    /// Follows how far the course's downloads have got, only while one is being fetched.
    private var progressWatcher: Task<Void, Never>?

    var onChange: () -> Void = {}
    var sendToHost: (HostEvent) -> Void = { _ in }

    init(environment: EnvironmentValues) {
        announcementClient = environment.announcements
        discussionClient = environment.discussions
        fileClient = environment.fileClient
        savedCopies = environment.savedCopies
        uploadQueue = environment.uploadQueue
        handInServices = HandInFlow.Services(environment: environment)
        webBrowser = environment.webBrowser
        clipboard = environment.clipboard
        clock = environment.clock
        analytics = environment.analytics
        seenRecords = environment.seen
        state = CourseDetailState(home: environment.paths.homeDirectory.path, capabilities: environment.capabilities)
        let send: (Event) -> Void = { [weak self] in self?.update($0) }
        for slot in CourseDetailState.slots {
            loaders[slot.kind] = slot.loader?(environment, clock, send)
        }
        let syllabus = SyllabusLoader(environment: environment, clock: clock, send: send)
        loaders[.syllabus] = syllabus.sectionLoader
        self.syllabus = syllabus
    }

    /// Follows the upload queue, to say when a submission made here is handed in, and the
    /// clock, so a deadline shown as "due in 45 min" counts down while nobody touches a key.
    func start() {
        watcher = uploadQueue.follow(by: self) { $0.update(.uploadChanged($1)) }
        ticker = clock.minuteTurns(by: self, shownMinute: { $0.state.laidOutMinute }) { $0.update(.minutePassed) }
    }

    isolated deinit {
        watcher?.cancel()
        ticker?.cancel()
        progressWatcher?.cancel()
    }

    func draw(into grid: inout Grid, rect: Rect, focused: Bool) {
        state.draw(into: &grid, rect: rect, now: clock.now(), focused: focused)
    }

    func perform(_ effect: CourseDetailState.Effect) {
        switch effect {
        case let .load(id): load(id)
        case let .reload(section, keepingValue): loaders[section]?.again(keepingValue)
        case let .refresh(section): loaders[section]?.refresh()
        case let .markRead(announcement): markRead(announcement)
        case let .loadThread(topic): loadThread(topic)
        case let .markTopicRead(topic, entries): markTopicRead(topic, entries: entries)
        case let .openInBrowser(page):
            page.open(in: webBrowser) { [weak self] in self?.update(.browserAnswered($0, page: page)) }
        case let .copyToClipboard(text): clipboard.copy(text)
        case let .track(event): analytics.track(event)
        case let .courseLoaded(course): sendToHost(.courseLoaded(course))
        case .back: sendToHost(.back)
        case let .wrapSyllabus(blocks, key): syllabus?.wrap(blocks, key: key)
        case .dropSyllabusWrap: syllabus?.dropWrap()
        case let .readSeen(id): readSeen(id)
        case let .recordSeen(id, seen):
            seenRecords.record(id, seen)
            sendToHost(.seen(id))
        case let .handIn(effect):
            HandInFlow.perform(effect, with: handInServices) { [weak self] in self?.update(.handInAnswered($0)) }
        case let .reply(effect):
            ReplyFlow.perform(effect, with: handInServices) { [weak self] in self?.update(.replyAnswered($0)) }
        case let .checkDownloads(files): checkDownloads(files)
        case let .enqueueDownloads(batch): enqueue(batch)
        case let .followDownloadProgress(follow): followDownloadProgress(follow)
        case let .openLocalCopy(path, name):
            let browser = webBrowser
            Task { [weak self] in
                let outcome = await browser.open(URL(fileURLWithPath: path.path))
                self?.update(.localCopyOpened(outcome, name: name, path: path))
            }
        }
    }

    /// Asks the queue which of `files` have a current downloaded copy, and for the course's download jobs.
    private func checkDownloads(_ files: [CourseFile]) {
        guard let course = state.downloadCourse else { return }
        let queue = uploadQueue
        Task { [weak self] in
            let copies = files.isEmpty ? [:] : await queue.localCopies(course, files)
            // The jobs only add how downloads stand; without them the copies still show.
            let jobs = (try? await queue.jobs()) ?? []
            let downloads = jobs.filter { $0.isDownload && $0.courseID == course }
            self?.update(.downloadsChecked(localCopies: copies, jobs: downloads, course: course))
        }
    }

    private func enqueue(_ batch: DownloadBatch) {
        let queue = uploadQueue
        Task { [weak self] in
            let result: Result<DownloadBatch.Outcome, any Error>
            do {
                result = .success(try await queue.enqueueDownloads(batch))
            } catch {
                result = .failure(error)
            }
            self?.update(.downloadsQueued(result, batch: batch))
        }
    }

    /// Starts or stops following how far the downloads have got.
    private func followDownloadProgress(_ follow: Bool) {
        progressWatcher?.cancel()
        progressWatcher = follow ? uploadQueue.followProgress(by: self) { pane, progress in
            if progress != pane.state.files.downloads.progress { pane.update(.downloadProgress(progress)) }
        } : nil
    }

    /// Loads every section of `id`; what was saved shows at once, and each section's answer replaces it when it arrives.
    private func load(_ id: CourseID) {
        readSeen(id)
        let slots = CourseDetailState.slots
        for slot in slots.filter(\.loadsFirst) + slots.filter({ !$0.loadsFirst }) {
            loaders[slot.kind]?.start(id)
        }
    }

    /// Reads what the student saw of the course as kept under `id`: quick, from memory or a small file.
    private func readSeen(_ id: CourseID) {
        update(.seenBefore(seenRecords.seen(id), of: id))
    }

    /// Tells the backend the announcement was read; how that ended comes back as an event.
    private func markRead(_ announcement: String) {
        guard let course = state.courseID else { return }
        let client = announcementClient
        Task { [weak self] in
            var failure: (any Error)?
            do {
                try await client.markRead(course, announcement)
            } catch {
                failure = error
            }
            self?.update(.markedRead(announcement, course: course, failure: failure))
        }
    }

    /// Loads the replies to `topic`; they come back as an event.
    /// Loads a thread; when that fails, shows the replies as last saved, saying so.
    private func loadThread(_ topic: String) {
        guard let course = state.courseID else { return }
        let client = discussionClient
        let saved = savedCopies
        Task { [weak self] in
            do {
                let entries = try await client.thread(course, topic)
                self?.update(.thread(topic, course: course, .success(entries)))
            } catch {
                if let copy = saved.thread(course, topic) {
                    self?.update(.savedThread(topic, course: course, copy, failure: error))
                } else {
                    self?.update(.thread(topic, course: course, .failure(error)))
                }
            }
        }
    }

    /// Tells the backend the replies were read; how that ended comes back as an event.
    private func markTopicRead(_ topic: String, entries: [String]) {
        guard let course = state.courseID else { return }
        let client = discussionClient
        Task { [weak self] in
            var failure: (any Error)?
            do {
                try await client.markRead(course, topic, entries)
            } catch {
                failure = error
            }
            self?.update(.topicMarkedRead(topic, entries: entries, course: course, failure: failure))
        }
    }
}

extension CourseDetailPane {
    var isCutOff: Bool { state.isCutOff }
    var answers: Int { state.answers }
    var title: String { "Course" }
    var keyGroup: String { "Course" }
    var footer: String? { state.footer }
    /// While loading, and while a refresh behind a saved copy waits, so its count goes on.
    var isAnimating: Bool { state.isLoading || state.syllabus.pendingSince != nil || state.savedCopies?.note != nil }
    /// While the hand-in flow is open, every key is text for it.
    var capturesKeys: Bool { state.isTyping }
    var keys: [KeyItem] { state.keys }
    var helpKeys: [KeyItem] { state.helpKeys }
}
