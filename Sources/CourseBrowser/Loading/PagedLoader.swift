import CourseKit
import Foundation

/// Loads a paginated listing page by page, showing what arrived while the rest loads.
///
/// A page that fails keeps everything before it; `retry` resumes from that page.
@MainActor
final class PagedLoader<Element: Sendable> {
    /// What the loader is doing after the items it already has.
    enum Phase {
        case idle
        case loading(since: Date)
        case complete
        case failed(message: String)
    }

    private(set) var items: [Element] = []
    private(set) var phase: Phase = .idle
    /// What the page in flight is waiting for, such as a throttling pause.
    private(set) var note: LoadProgress.Note?
    private let clock: WallClock
    private let fetch: @Sendable (PageCursor?) async throws -> Page<Element>
    private var pending: PageCursor?
    private var task: Task<Void, Never>?
    private var generation = 0

    var onChange: () -> Void = {}
    var onFailure: (String) -> Void = { _ in }

    init(clock: WallClock, fetch: @escaping @Sendable (PageCursor?) async throws -> Page<Element>) {
        self.clock = clock
        self.fetch = fetch
    }

    /// Drops what was loaded and starts again from the first page.
    func reload() {
        items = []
        pending = nil
        fetchNext()
    }

    /// Resumes from the page that failed; returns whether there was one.
    @discardableResult
    func retry() -> Bool {
        guard case .failed = phase else { return false }
        fetchNext()
        return true
    }

    var isLoading: Bool {
        if case .loading = phase { return true }
        return false
    }

    private func fetchNext() {
        task?.cancel()
        generation += 1
        let current = generation
        let cursor = pending
        let fetch = fetch
        set(.loading(since: clock.now()))
        task = Task { [weak self] in
            let result = await LoadProgress.outcome(of: { try await fetch(cursor) }, reporting: self?.noteReporter(current))
            self?.receive(result, generation: current)
        }
    }

    /// A reporter that shows notes from the fetch `generation` while it is still the current one.
    private func noteReporter(_ generation: Int) -> @Sendable (LoadProgress.Note?) -> Void {
        { [weak self] note in
            Task { @MainActor in
                guard let self, self.generation == generation, self.isLoading else { return }
                self.note = note
                self.onChange()
            }
        }
    }

    private func receive(_ result: Result<Page<Element>, any Error>, generation received: Int) {
        guard received == generation else { return }
        switch result {
        case let .success(page):
            items += page.items
            pending = page.next
            if page.next == nil {
                set(.complete)
            } else {
                fetchNext()
            }
        case let .failure(error):
            let message = userMessage(for: error)
            set(.failed(message: message))
            onFailure(message)
        }
    }

    private func set(_ newPhase: Phase) {
        phase = newPhase
        note = nil
        onChange()
    }
}
