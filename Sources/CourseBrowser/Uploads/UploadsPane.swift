import CourseKit
import FoundationEssentials
import TerminalUI

/// The Uploads pane: the upload queue, read and kept fresh by the pane itself.
///
/// Failed jobs stay in the list, marked, with `[r]etry`; nothing about an upload
/// is ever reported only in passing. What to do is decided by its state's `update`; this
/// class only performs the effects that returns.
@MainActor
final class UploadsPane: PaneRunner {
    typealias Event = UploadsState.Event

    private let uploadQueue: UploadQueueClient
    let clock: WallClock
    private let analytics: Analytics
    private let runner: LoadRunner<[UploadJob]>
    var state = UploadsState()
    private var watchers: [Task<Void, Never>] = []
    /// Follows how far the jobs have got, only while one is being sent, so an idle pane never wakes for it.
    private var progressWatcher: Task<Void, Never>?
    var onChange: () -> Void = {}
    var sendToHost: (HostEvent) -> Void = { _ in }

    init(environment: EnvironmentValues) {
        uploadQueue = environment.uploadQueue
        clock = environment.clock
        analytics = environment.analytics
        runner = LoadRunner(clock: clock)
        state.home = environment.paths.homeDirectory.path
        state.addsCourseFiles = environment.capabilities.courseFileUploadRefusal == nil
        runner.send = { [weak self] in self?.update(.queue($0)) }
    }

    /// Reads the queue, then keeps it fresh: this process's changes as they are announced, and
    /// the disk's (other processes' among them) each time the queue says it changed there; the
    /// progress of the jobs being sent is followed while there are some, as the state asks.
    func start() {
        update(.start)
        watchers = [
            uploadQueue.follow(by: self) { $0.update(.changed($1)) },
            uploadQueue.followChangesOnDisk(by: self) { $0.update(.changedOnDisk) },
        ]
    }

    isolated deinit {
        watchers.forEach { $0.cancel() }
        progressWatcher?.cancel()
    }

    /// Starts or stops following how far the jobs being sent have got.
    private func followProgress(_ follow: Bool) {
        progressWatcher?.cancel()
        progressWatcher = follow ? uploadQueue.followProgress(by: self) { $0.receive($1) } : nil
    }

    /// Tells the state how far the jobs under way have got, when that changed.
    private func receive(_ progress: [String: UploadProgress]) {
        if progress != state.progress {
            update(.progress(progress))
        }
    }

    func draw(into grid: inout Grid, rect: Rect, focused: Bool) {
        state.draw(into: &grid, rect: rect, focused: focused, now: clock.now())
    }

    func perform(_ effect: UploadsState.Effect) {
        let queue = uploadQueue
        switch effect {
        case .loadQueue: update(.queue(runner.load { _ in try await queue.jobs() }))
        case .refreshQueue:
            if let started = runner.refresh() { update(.queue(started)) }
        case let .reloadQueue(keepingValue): update(.queue(runner.again(keepingValue: keepingValue)))
        case .checkWritable: checkWritable()
        case let .act(action): act(action)
        case let .track(event): analytics.track(event)
        case .followProgress: followProgress(true)
        case .stopFollowingProgress: followProgress(false)
        }
    }

    /// Asks whether the queue can be written, as the disk may have become read-only (or
    /// writable again) since; says so only when that changed.
    private func checkWritable() {
        let queue = uploadQueue
        Task { [weak self] in
            var problem: String?
            do {
                try await queue.checkWritable()
            } catch {
                problem = userMessage(for: error)
            }
            guard let self, problem != self.state.writeProblem else { return }
            self.update(.writable(problem: problem))
        }
    }

    /// Runs a queue action; its changes come back through the queue's updates, a failure as an event.
    private func act(_ action: UploadsState.QueueAction) {
        let queue = uploadQueue
        Task { [weak self] in
            do {
                switch action {
                case let .retry(id): try await queue.retry(id)
                case .retryAll: try await queue.retryAllFailed()
                case let .remove(id): try await queue.remove(id)
                }
            } catch {
                self?.update(.actionFailed("Couldn't \(action.verb): \(userMessage(for: error))"))
            }
        }
    }
}

extension UploadsPane {
    var title: String { state.title }
    var keyGroup: String { UploadsState.name }
    var footer: String? { state.footer }
    var capturesKeys: Bool { false }
    var keys: [KeyItem] { state.keys }
    var helpKeys: [KeyItem] { state.helpKeys }

    var isAnimating: Bool {
        state.queue.isLoading || state.hasJobUnderWay
    }

    /// The spinner while the queue is read and the speed of what this process sends, which move
    /// every tenth of a second; else the next second of a countdown to a retry on screen. A job
    /// another process sends shows no progress here, so it moves nothing.
    func nextChange(after now: Date) -> Date? {
        if state.queue.isLoading || !state.progress.isEmpty { return ScreenTicks.spinnerFrame(after: now) }
        return state.nextCountdownChange(after: now)
    }
}
