import CourseKit
import FoundationEssentials

/// Fetches one page of a listing at a time: the pane applies the `.started` event each
/// fetch returns, and the runner sends the rest to the pane's `update` as they happen.
///
/// A newer fetch supersedes an older one, whose answer is dropped.
@MainActor
final class PageRunner<Element: Sendable> {
    private let clock: WallClock
    private let fetchPage: @Sendable (PageCursor?, LoadProgress) async throws -> Page<Element>
    private var task: Task<Void, Never>?
    private var generation = 0
    /// Where later events go: the pane's `update`.
    var send: (PageEvent<Element>) -> Void = { _ in }

    init(clock: WallClock, fetch: @escaping @Sendable (PageCursor?, LoadProgress) async throws -> Page<Element>) {
        self.clock = clock
        fetchPage = fetch
    }

    /// Fetches the page at `cursor` (`nil`: the first), cancelling any fetch in flight.
    func fetch(_ cursor: PageCursor?) -> PageEvent<Element> {
        task?.cancel()
        generation += 1
        let current = generation
        let fetchPage = fetchPage
        let progress = LoadProgress.forwarding { [weak self] note in self?.deliver(.waiting(note), from: current) }
        task = Task { [weak self] in
            let result = await progress.outcome { try await fetchPage(cursor, $0) }
            self?.deliver(.arrived(result), from: current)
        }
        return .started(at: clock.now())
    }

    private func deliver(_ event: PageEvent<Element>, from generation: Int) {
        // A note can arrive after the page it came before; by then it no longer applies.
        guard generation == self.generation, task != nil else { return }
        if case .arrived = event {
            task = nil
        }
        send(event)
    }
}
