import CourseKit
import TerminalUI

extension UploadsPane {
    var hints: [KeyHint] {
        if confirmingRemoval != nil {
            return [KeyHint(key: "y", action: "remove"), KeyHint(key: "n", action: "keep")]
        }
        var hints: [KeyHint] = []
        if loader.state.failureMessage != nil || selectedJob.map(isRetryable) == true {
            hints.append(KeyHint(key: "r", action: "retry"))
        }
        if jobs.contains(where: isFailed) {
            hints.append(KeyHint(key: "R", action: "retry all"))
        }
        if selectedJob.map(isRemovable) == true {
            hints.append(KeyHint(key: "d", action: "remove"))
        }
        return hints
    }

    func handle(_ key: Key) -> Bool {
        if let id = confirmingRemoval {
            confirmingRemoval = nil
            if key == .character("y") { perform("remove") { try await $0.remove(id) } }
            onChange()
            return true
        }
        switch key {
        case .up, .character("k"): move(by: -1)
        case .down, .character("j"): move(by: 1)
        case .home, .character("g"): move(by: -jobs.count)
        case .end, .character("G"): move(by: jobs.count)
        case .character("r"): return retry()
        case .character("R"):
            guard jobs.contains(where: isFailed) else { return false }
            perform("retry") { try await $0.retryAllFailed() }
        case .character("d"), .delete:
            guard let job = selectedJob, isRemovable(job) else { return false }
            confirmingRemoval = job.id
        default:
            return false
        }
        onChange()
        return true
    }

    private func retry() -> Bool {
        if loader.retry() {
            analytics.track(.retryPressed(pane: "uploads"))
            return true
        }
        guard let job = selectedJob, isRetryable(job) else { return false }
        analytics.track(.retryPressed(pane: "uploads"))
        let id = job.id
        perform("retry") { try await $0.retry(id) }
        return true
    }

    private func move(by rows: Int) {
        selection = max(0, min(selection + rows, jobs.count - 1))
    }

    /// Runs a queue action; its changes come back through the queue's updates, a failure becomes the pane's notice.
    private func perform(_ action: String, _ body: @escaping @Sendable (UploadQueueClient) async throws -> Void) {
        let queue = queue
        notice = nil
        Task { [weak self] in
            do {
                try await body(queue)
            } catch {
                self?.notice = "Couldn't \(action): \(userMessage(for: error))"
                self?.onChange()
            }
        }
    }

    func isFailed(_ job: UploadJob) -> Bool {
        if case .failed = job.state { return true }
        return false
    }

    private func isRetryable(_ job: UploadJob) -> Bool {
        switch job.state {
        case .failed, .waiting: true
        default: false
        }
    }

    private func isRemovable(_ job: UploadJob) -> Bool {
        switch job.state {
        case .queued, .failed, .waiting: true
        case .uploading, .done: false
        }
    }
}
