import CourseKit
import Foundation
import TerminalUI

/// The Uploads pane: the upload queue, read and refreshed by the pane itself.
///
/// Failed jobs stay in the list, marked, with `[r]etry`; nothing about an upload
/// is ever reported only in passing.
@MainActor
final class UploadsPane: Pane {
    let queue: UploadQueueClient
    let clock: WallClock
    let analytics: Analytics

    let loader: Loader<[UploadJob]>
    var selection = 0
    var viewport = ListViewport()
    /// Job rows the pane had when last drawn.
    var visibleRows = 1
    /// The job waiting for `y` to be removed.
    var confirmingRemoval: String?
    /// A one-line outcome of the last action, such as a removal that failed.
    var notice: String?
    private var watchers: [Task<Void, Never>] = []
    var onChange: () -> Void = {}

    init(environment: EnvironmentValues) {
        queue = environment.uploadQueue
        clock = environment.clock
        analytics = environment.analytics
        loader = Loader(clock: clock)
        loader.onChange = { [weak self] in self?.loaderChanged() }
        loader.onFailure = { [analytics] message in
            analytics.track(.loadFailed(pane: "uploads", section: "queue", message: message))
        }
    }

    /// Reads the queue, then keeps it fresh: this process's changes as they are announced,
    /// and every `interval` from the disk, for changes made by other processes.
    func start(refreshEvery interval: Duration = .seconds(5)) {
        let queue = queue
        loader.load { _ in try await queue.jobs() }
        let updates = queue.updates()
        let changes = Task { [weak self] in
            for await change in updates {
                self?.apply(change)
            }
        }
        let poll = Task { [weak self, clock] in
            while !Task.isCancelled {
                try? await clock.sleep(interval)
                guard let self else { return }
                self.loader.refresh()
            }
        }
        watchers = [changes, poll]
    }

    isolated deinit {
        watchers.forEach { $0.cancel() }
    }

    var jobs: [UploadJob] { loader.state.value ?? [] }

    var selectedJob: UploadJob? {
        jobs.indices.contains(selection) ? jobs[selection] : nil
    }

    var title: String {
        let failed = jobs.filter { if case .failed = $0.state { true } else { false } }.count
        guard !jobs.isEmpty else { return "Uploads" }
        return failed > 0 ? "Uploads · \(jobs.count) · \(failed) failed" : "Uploads · \(jobs.count)"
    }

    var capturesKeys: Bool { false }

    var footer: String? {
        guard jobs.count > visibleRows else { return nil }
        return "\(selection + 1)/\(jobs.count)"
    }

    var isAnimating: Bool {
        loader.state.isLoading || jobs.contains { job in
            switch job.state {
            case .uploading, .waiting: true
            default: false
            }
        }
    }

    /// Applies a change this process made, in memory, without reading the disk.
    private func apply(_ change: UploadChange) {
        loader.modify { jobs in
            switch change {
            case let .updated(job):
                if let index = jobs.firstIndex(where: { $0.id == job.id }) {
                    jobs[index] = job
                } else {
                    jobs.append(job)
                    jobs.sort { ($0.queuedAt, $0.id) < ($1.queuedAt, $1.id) }
                }
            case let .removed(id):
                jobs.removeAll { $0.id == id }
            }
        }
    }

    private func loaderChanged() {
        selection = min(selection, max(0, jobs.count - 1))
        onChange()
    }
}
