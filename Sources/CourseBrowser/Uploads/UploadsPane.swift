import CourseKit
import FoundationEssentials
import TerminalUI

/// The Uploads pane: the upload queue, read and kept fresh by the pane itself.
///
/// Failed jobs stay in the list, marked, with `[r]etry`; nothing about an upload
/// is ever reported only in passing.
@MainActor
final class UploadsPane: Pane {
    enum Event: PaneEvent {
        case key(Key)
        case resize(PaneSize)
        case mouse(MouseEvent)
        case queue(LoadEvent<[UploadJob]>)
        /// This process changed a job.
        case changed(UploadChange)
        /// Time to look at the disk for other processes' jobs.
        case poll
        /// A queue action the user asked for failed.
        case actionFailed(String)
        /// Why the queue can't be written now, or nil when it can.
        case writable(problem: String?)
    }

    private let uploadQueue: UploadQueueClient
    private let clock: WallClock
    private let analytics: Analytics
    private let runner: LoadRunner<[UploadJob]>
    private var state = UploadsState()
    private var watchers: [Task<Void, Never>] = []
    var onChange: () -> Void = {}

    init(environment: EnvironmentValues) {
        uploadQueue = environment.uploadQueue
        clock = environment.clock
        analytics = environment.analytics
        runner = LoadRunner(clock: clock)
        runner.send = { [weak self] in self?.update(.queue($0)) }
    }

    /// Reads the queue, then keeps it fresh: this process's changes as they are announced,
    /// and every `interval` from the disk, for changes made by other processes.
    func start(refreshEvery interval: Duration = .seconds(5)) {
        let queue = uploadQueue
        state.queue.apply(runner.load { _ in try await queue.jobs() })
        checkWritable()
        let updates = queue.updates()
        let changes = Task { [weak self] in
            for await change in updates {
                self?.update(.changed(change))
            }
        }
        let poll = Task { [weak self, clock] in
            while !Task.isCancelled {
                try? await clock.sleep(interval)
                guard let self else { return }
                self.update(.poll)
            }
        }
        watchers = [changes, poll]
        finishUpdate()
    }

    isolated deinit {
        watchers.forEach { $0.cancel() }
    }

    @discardableResult
    func update(_ event: Event) -> Bool {
        var used = true
        switch event {
        case let .key(key): used = handleKey(key)
        case let .resize(size): state.resize(size)
        case let .mouse(event): used = handleMouse(event)
        case let .queue(event): receive(event)
        case let .changed(change): state.apply(change)
        case .poll: refresh()
        case let .actionFailed(message): state.notice = message
        case let .writable(problem): state.writeProblem = problem
        }
        finishUpdate()
        return used
    }

    func draw(into grid: inout Grid, rect: Rect, focused: Bool) {
        state.draw(into: &grid, rect: rect, focused: focused, now: clock.now(), progress: uploadQueue.progress())
    }

    private func finishUpdate() {
        state.settle()
        onChange()
    }

    private func receive(_ event: LoadEvent<[UploadJob]>) {
        state.queue.apply(event)
        if case let .finished(.failure(error)) = event {
            analytics.track(.loadFailed(pane: "uploads", section: "queue", message: userMessage(for: error)))
        }
    }

    private func refresh() {
        if let started = runner.refresh() {
            state.queue.apply(started)
        }
        checkWritable()
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

    private func handleKey(_ key: Key) -> Bool {
        if let id = state.confirmingRemoval {
            state.confirmingRemoval = nil
            if key == .character("y") { perform("remove") { try await $0.remove(id) } }
            return true
        }
        let jobs = state.jobs
        if let target = ListMotion.target(of: key, from: state.selection ?? 0, count: jobs.count, page: max(1, state.list.height)) {
            state.select(target)
            return true
        }
        switch key {
        case .character("r"):
            return retry()
        case .character("R"):
            guard jobs.contains(where: \.state.isFailed) else { return false }
            perform("retry") { try await $0.retryAllFailed() }
        case .character("d"), .delete:
            guard let job = state.selectedJob, job.state.isRemovable else { return false }
            state.confirmingRemoval = job.id
        default:
            return false
        }
        return true
    }

    /// A click selects the job under it; the wheel moves the selection.
    private func handleMouse(_ event: MouseEvent) -> Bool {
        guard state.confirmingRemoval == nil else { return false }
        switch event.action {
        case .wheelUp: state.select(max(0, (state.selection ?? 0) - 3))
        case .wheelDown: state.select((state.selection ?? 0) + 3)
        case .click:
            let index = state.list.offset + event.y
            guard event.y >= 0, event.y < state.list.height, state.jobs.indices.contains(index) else { return false }
            state.select(index)
        }
        return true
    }

    /// Reads the queue again after it failed, or retries the selected job.
    private func retry() -> Bool {
        if state.queue.retryableFailure != nil {
            state.queue.apply(runner.again(keepingValue: state.queue.value != nil))
        } else if let job = state.selectedJob, job.state.isRetryable {
            let id = job.id
            perform("retry") { try await $0.retry(id) }
        } else {
            return false
        }
        analytics.track(.retryPressed(pane: "uploads"))
        return true
    }

    /// Runs a queue action; its changes come back through the queue's updates, a failure as an event.
    private func perform(_ action: String, _ body: @escaping @Sendable (UploadQueueClient) async throws -> Void) {
        let queue = uploadQueue
        state.notice = nil
        Task { [weak self] in
            do {
                try await body(queue)
            } catch {
                self?.update(.actionFailed("Couldn't \(action): \(userMessage(for: error))"))
            }
        }
    }
}

extension UploadsPane {
    var jobs: [UploadJob] { state.jobs }
    var hasLoaded: Bool { state.queue.value != nil }
    var queueFailure: String? { state.queue.failureMessage }
    var title: String { state.title }
    var footer: String? { state.footer }
    var capturesKeys: Bool { false }

    var isAnimating: Bool {
        state.queue.isLoading || state.hasJobUnderWay
    }

    var hints: [KeyHint] {
        if state.confirmingRemoval != nil {
            return KeyTable.confirmHints
        }
        let rows = [
            (KeyTable.retry, state.queue.retryableFailure != nil || state.selectedJob?.state.isRetryable == true),
            (KeyTable.retryAll, state.jobs.contains(where: \.state.isFailed)),
            (KeyTable.remove, state.selectedJob?.state.isRemovable == true),
        ]
        return rows.compactMap { row, applies in applies ? row.hint : nil }
    }
}
