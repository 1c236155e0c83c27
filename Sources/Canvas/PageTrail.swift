import CourseKit
import FileSystem
import FoundationEssentials

/// The pages of one listing read so far, so a listing that never ends is stopped rather than
/// followed for good: a next link to a page already read however it is spelled, a page holding
/// just what one already read held, more pages than `PagingError.pageLimit` or more time than
/// `PagingError.timeLimit`.
struct PageTrail {
    private let started: Date
    private var addresses: Set<PageAddress> = []
    private var contents: Set<String> = []

    init(startedAt started: Date) {
        self.started = started
    }

    /// Checks that `url` may be read next, at `now`.
    mutating func enter(_ url: URL, at now: Date) throws(PagingError) {
        guard addresses.insert(PageAddress(url)).inserted else { throw .loopsBack }
        guard addresses.count <= PagingError.pageLimit else { throw .tooManyPages(limit: PagingError.pageLimit) }
        guard .seconds(now.timeIntervalSince(started)) < PagingError.timeLimit else {
            throw .tookTooLong(limit: PagingError.timeLimit)
        }
    }

    /// Checks a page that arrived, whose answer was `body`: one that says just what an earlier page
    /// said is that page again, reached by a link spelled anew (an added parameter, a fresh page token).
    ///
    /// An empty page proves nothing: a listing Canvas filters after cutting it into pages can have
    /// several in a row.
    mutating func arrived(_ body: Data, isEmpty: Bool) throws(PagingError) {
        guard !isEmpty else { return }
        guard contents.insert(Self.digest(body)).inserted else { throw .loopsBack }
    }

    /// What identifies a page's content: its answer's SHA-256, 32 bytes however large the page.
    static func digest(_ body: Data) -> String {
        SHA256.hex(of: body)
    }
}
