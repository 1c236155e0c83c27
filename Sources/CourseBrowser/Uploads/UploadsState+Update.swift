import CourseKit
import FoundationEssentials
import TerminalUI

extension UploadsState: PaneState, BoundKeys {
    enum Event: PaneEvent {
        case key(Key)
        case resize(PaneSize)
        case mouse(MouseEvent)
        /// Read the queue, and whether it can be written.
        case start
        case queue(LoadEvent<[UploadJob]>)
        /// This process changed a job.
        case changed(UploadChange)
        /// The queue changed on disk, by this process or another: read it again.
        case changedOnDisk
        /// How far each job being sent has got.
        case progress([String: UploadProgress])
        /// A queue action the user asked for failed.
        case actionFailed(String)
        /// Why the queue can't be written now, or nil when it can.
        case writable(problem: String?)
        /// Courses the course list loaded, which name the jobs' courses.
        case courses([Course])

        var pressedKey: Key? {
            if case let .key(key) = self { return key }
            return nil
        }
    }

    /// Something the user asked of the queue.
    enum QueueAction: Equatable {
        case retry(String)
        case retryAll
        case remove(String)

        /// The verb for "Couldn't …" when it fails.
        var verb: String {
            switch self {
            case .retry, .retryAll: return "retry"
            case .remove: return "remove"
            }
        }
    }

    enum Effect: Equatable {
        /// Read the queue from the start.
        case loadQueue
        /// Read it again behind what is shown, unless a read is under way.
        case refreshQueue
        /// Read it again after it failed; with `keepingValue`, behind what is shown.
        case reloadQueue(keepingValue: Bool)
        /// Ask whether the queue can be written now.
        case checkWritable
        case act(QueueAction)
        case track(AnalyticsEvent)
        /// A job is being sent: ask how far the jobs have got, as often as the screen animates, until told to stop.
        case followProgress
        /// No job is being sent any more: stop asking.
        case stopFollowingProgress
    }

    mutating func update(_ event: Event, now: Date) -> [Effect] {
        let wasSending = hasJobSending
        var effects = apply(event)
        settle()
        if hasJobSending != wasSending {
            effects.append(hasJobSending ? .followProgress : .stopFollowingProgress)
        }
        return effects
    }

    private mutating func apply(_ event: Event) -> [Effect] {
        switch event {
        case let .key(key): return handle(key)
        case let .resize(size): resize(size)
        case let .mouse(event): handleMouse(event)
        case .start: return [.loadQueue, .checkWritable]
        case let .queue(event): return receive(event)
        case let .changed(change): apply(change)
        case .changedOnDisk: return readAgain()
        case let .progress(progress): self.progress = progress
        case let .actionFailed(message): notice = Notice(text: message, isProblem: true)
        case let .writable(problem): writeProblem = problem
        case let .courses(courses): learnNames(of: courses)
        }
        return []
    }

    /// Reads the queue again, and whether it can be written; while a read is under way, once it
    /// ends, as it may have listed the jobs before the change.
    private mutating func readAgain() -> [Effect] {
        guard !queue.isLoading, !queue.isRefreshing else {
            changedWhileReading = true
            return [.checkWritable]
        }
        return [.refreshQueue, .checkWritable]
    }

    private mutating func receive(_ event: LoadEvent<[UploadJob]>) -> [Effect] {
        queue.apply(event)
        guard case let .finished(result) = event else { return [] }
        var effects: [Effect] = []
        if changedWhileReading {
            changedWhileReading = false
            effects.append(.refreshQueue)
        }
        if case let .failure(error) = result {
            effects.append(.track(.loadFailed(pane: "uploads", section: "queue", message: userMessage(for: error))))
        }
        return effects
    }

    private mutating func handle(_ key: Key) -> [Effect] {
        if let id = confirmingRemoval {
            confirmingRemoval = nil
            guard case .act(true) = Self.confirmBindings.lookUp(key, availability: { _ in .enabled }) else { return [] }
            notice = nil
            return [.act(.remove(id))]
        }
        return press(key)
    }

    mutating func act(_ action: Action, key: Key) -> [Effect] {
        switch action {
        case .move:
            if let target = ListMotion.target(of: key, from: selection ?? 0, count: jobs.count, page: max(1, list.height)) {
                select(target)
            }
        case .retry:
            let track = Effect.track(.retryPressed(pane: "uploads"))
            if queue.retryableFailure != nil {
                return [.reloadQueue(keepingValue: queue.value != nil), track]
            }
            return selectedJob.map { [.act(.retry($0.id)), track] } ?? []
        case .retryAll:
            return [.act(.retryAll)]
        case .remove:
            guard let job = selectedJob else { return [] }
            // Removing a finished job loses nothing but its line, so it is not asked about.
            guard job.state != .done else { return [.act(.remove(job.id))] }
            confirmingRemoval = job.id
        }
        return []
    }

    /// A click selects the job under it; the wheel moves the selection.
    private mutating func handleMouse(_ event: MouseEvent) {
        guard confirmingRemoval == nil else { return }
        switch event.action {
        case .wheelUp: select(max(0, (selection ?? 0) - 3))
        case .wheelDown: select((selection ?? 0) + 3)
        case .click:
            let index = list.offset + event.y
            guard event.y >= 0, event.y < list.height, jobs.indices.contains(index) else { return }
            select(index)
        }
    }
}
