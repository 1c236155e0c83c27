import CourseKit
import FoundationEssentials

/// A paginated listing as far as it has arrived, and what loads after it.
///
/// A value in the pane's state, changed only by the events its `LoadRunner` sends. A page
/// that fails keeps everything before it, and a retry resumes from that page. An element
/// whose ID an earlier page already brought is dropped, so a listing made of overlapping
/// parts never shows a row twice. A next page already read, a page holding what one already
/// read held (its `contentKey`), more pages than `PagingError.pageLimit` or more time than
/// `PagingError.timeLimit` ends the listing with an error instead of loading forever.
struct PagedState<Element: Identifiable & Sendable> {
    /// What the listing is doing after the items it already has.
    enum Phase {
        case idle
        case loading(since: Date)
        case complete
        case failed(LoadFailure)
    }

    private(set) var items: [Element] = []
    /// Entries the backend left out, one line each.
    private(set) var skipped: [String] = []
    private(set) var phase = Phase.idle
    /// What the page in flight is waiting for, such as a throttling pause.
    private(set) var note: LoadProgress.Note?
    /// The page to read next: the one loading, or the one that failed.
    private(set) var pending: PageCursor?
    private var seen: Set<Element.ID> = []
    private var readCursors: Set<PageCursor?> = []
    private var readContents: Set<String> = []
    /// When this run of loads began: the first page, or the retry after a failure.
    private var runStarted: Date?
    /// Counts the pages the backend answered, so the host knows it answers again.
    private(set) var answers = 0

    /// Applies what the runner reports; returns the page to fetch next, if the listing goes on.
    mutating func apply(_ event: PageEvent<Element>) -> PageCursor? {
        switch event {
        case let .started(at, _):
            if !isLoading { runStarted = at }
            phase = .loading(since: at)
            note = nil
        case let .waiting(note):
            self.note = note
        case let .finished(.success(page)):
            answers += 1
            return take(page)
        case let .finished(.failure(error)):
            fail(error)
        case .restored:
            // A listing's saved copy is the view's to show, not its pages'.
            break
        }
        return nil
    }

    private mutating func take(_ page: Page<Element>) -> PageCursor? {
        if let key = page.contentKey, !readContents.insert(key).inserted {
            // The same page again under another address: nothing in it is new.
            fail(PagingError.loopsBack)
            return nil
        }
        readCursors.insert(pending)
        seen.reserveCapacity(seen.count + page.items.count)
        let fresh = page.items.indices.filter { seen.insert(page.items[$0].id).inserted }
        if fresh.count == page.items.count && items.isEmpty {
            // The first page with no repeats is kept as it came: a listing of 100,000 copies nothing.
            items = page.items
        } else {
            items.reserveCapacity(items.count + fresh.count)
            for index in fresh {
                items.append(page.items[index])
            }
        }
        skipped += page.skipped
        pending = page.next
        note = nil
        guard let next = page.next else {
            phase = .complete
            return nil
        }
        if readCursors.contains(next) {
            fail(PagingError.loopsBack)
            return nil
        }
        if readCursors.count >= PagingError.pageLimit {
            fail(PagingError.tooManyPages(limit: PagingError.pageLimit))
            return nil
        }
        if case let .loading(since) = phase, let runStarted, .seconds(since.timeIntervalSince(runStarted)) >= PagingError.timeLimit {
            fail(PagingError.tookTooLong(limit: PagingError.timeLimit))
            return nil
        }
        return next
    }

    private mutating func fail(_ error: any Error) {
        phase = .failed(LoadFailure(error))
        note = nil
    }

    var isLoading: Bool {
        if case .loading = phase { return true }
        return false
    }

    var isIdle: Bool {
        if case .idle = phase { return true }
        return false
    }

    var failure: LoadFailure? {
        if case let .failed(failure) = phase { return failure }
        return nil
    }
}

/// What the fetch of one page reports as it goes.
typealias PageEvent<Element> = LoadEvent<Page<Element>>
