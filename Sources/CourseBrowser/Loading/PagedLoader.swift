import CourseKit
import Foundation

/// Loads a paginated listing page by page, showing what arrived while the rest loads.
///
/// A page that fails keeps everything before it; `retry` resumes from that page. An
/// element whose ID an earlier page already brought is dropped, so a listing made of
/// overlapping parts never shows a row twice. A next page already read, or more pages
/// than `PagingError.pageLimit`, ends the load with an error instead of loading forever.
@MainActor
final class PagedLoader<Element: Sendable & Identifiable> {
    /// What the loader is doing after the items it already has.
    enum Phase {
        case idle
        case loading(since: Date)
        case complete
        case failed(LoadFailure)
    }

    private(set) var items: [Element] = []
    /// Entries the backend left out, one line each.
    private(set) var skipped: [String] = []
    private(set) var phase: Phase = .idle
    /// What the page in flight is waiting for, such as a throttling pause.
    private(set) var note: LoadProgress.Note?
    private let clock: WallClock
    private let fetch: @Sendable (PageCursor?, LoadProgress) async throws -> Page<Element>
    private var pending: PageCursor?
    private var seen: Set<Element.ID> = []
    private var readCursors: Set<PageCursor?> = []
    private var task: Task<Void, Never>?
    private var generation = 0

    var onChange: () -> Void = {}
    var onFailure: (String) -> Void = { _ in }

    init(clock: WallClock, fetch: @escaping @Sendable (PageCursor?, LoadProgress) async throws -> Page<Element>) {
        self.clock = clock
        self.fetch = fetch
    }

    /// Drops what was loaded and starts again from the first page.
    func reload() {
        items = []
        skipped = []
        seen = []
        readCursors = []
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

    /// Whether the loader has not started yet.
    var isIdle: Bool {
        if case .idle = phase { return true }
        return false
    }

    var failure: LoadFailure? {
        if case let .failed(failure) = phase { return failure }
        return nil
    }

    private func fetchNext() {
        task?.cancel()
        generation += 1
        let current = generation
        let cursor = pending
        let fetch = fetch
        set(.loading(since: clock.now()))
        let progress = LoadProgress.forwarding { [weak self] note in self?.show(note, from: current) }
        task = Task { [weak self] in
            let result = await progress.outcome { try await fetch(cursor, $0) }
            self?.receive(result, generation: current)
        }
    }

    /// Shows a note from the fetch `generation` while it is still the current one.
    private func show(_ note: LoadProgress.Note?, from generation: Int) {
        guard self.generation == generation, isLoading else { return }
        self.note = note
        onChange()
    }

    private func receive(_ result: Result<Page<Element>, any Error>, generation received: Int) {
        guard received == generation else { return }
        switch result {
        case let .success(page):
            readCursors.insert(pending)
            items += page.items.filter { seen.insert($0.id).inserted }
            skipped += page.skipped
            pending = page.next
            if page.next == nil {
                set(.complete)
            } else if let problem = pagingProblem(next: page.next) {
                fail(problem)
            } else {
                fetchNext()
            }
        case let .failure(error):
            fail(error)
        }
    }

    private func pagingProblem(next: PageCursor?) -> PagingError? {
        if readCursors.contains(next) { return .loopsBack }
        return readCursors.count >= PagingError.pageLimit ? .tooManyPages(limit: PagingError.pageLimit) : nil
    }

    private func fail(_ error: any Error) {
        let failure = LoadFailure(error)
        set(.failed(failure))
        onFailure(failure.message)
    }

    private func set(_ newPhase: Phase) {
        phase = newPhase
        note = nil
        onChange()
    }
}
