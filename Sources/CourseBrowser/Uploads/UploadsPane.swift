import CourseKit
import Foundation
import TerminalUI

/// The Uploads pane: the upload queue, loaded and shown by the pane itself.
@MainActor
final class UploadsPane: Pane {
    private let queue: UploadQueueClient
    private let clock: WallClock
    private let analytics: Analytics

    let loader: Loader<[UploadJob]>
    var onChange: () -> Void = {}

    init(environment: EnvironmentValues) {
        queue = environment.uploadQueue
        clock = environment.clock
        analytics = environment.analytics
        loader = Loader(clock: clock)
        loader.onChange = { [weak self] in self?.onChange() }
        loader.onFailure = { [analytics] message in
            analytics.track(.loadFailed(pane: "uploads", section: "queue", message: message))
        }
    }

    /// Starts reading the queue.
    func start() {
        let queue = queue
        loader.load { try await queue.jobs() }
    }

    var title: String {
        guard let count = loader.state.value?.count, count > 0 else { return "Uploads" }
        return "Uploads · \(count)"
    }

    var footer: String? { nil }

    var hints: [KeyHint] {
        loader.state.failureMessage == nil ? [] : [KeyHint(key: "r", action: "retry")]
    }

    var isAnimating: Bool { loader.state.isLoading }

    func handle(_ key: Key) -> Bool {
        guard key == .character("r"), loader.retry() else { return false }
        analytics.track(.retryPressed(pane: "uploads"))
        return true
    }

    func draw(into grid: inout Grid, rect: Rect, focused: Bool) {
        let content = Rect(x: rect.x + 1, y: rect.y, width: rect.width - 2, height: rect.height)
        for (row, line) in lines(width: content.width, glyphs: grid.glyphs).prefix(content.height).enumerated() {
            grid.draw(line, x: content.x, y: content.y + row, width: content.width)
        }
    }

    private func lines(width: Int, glyphs: Glyphs) -> [StyledLine] {
        switch loader.state {
        case .idle:
            return []
        case let .loading(since):
            return [StatusRows.loading("Reading the upload queue…", since: since, now: clock.now(), glyphs: glyphs)]
        case let .failed(message):
            return StatusRows.failure("Couldn't read the upload queue: \(message)", width: width, glyphs: glyphs)
        case let .loaded(jobs) where jobs.isEmpty:
            return [StyledLine("No uploads queued.", style: .muted)]
        case let .loaded(jobs):
            return jobs.map { UploadRow.line(for: $0, width: width, glyphs: glyphs, now: clock.now()) }
        }
    }
}
