import Foundation
import Testing
@testable import CourseBrowser
import CourseKit

/// A listing read a page at a time (the course list) stops at a page it has read before under
/// another address, and when it has loaded for longer than `PagingError.timeLimit`.
struct PagedStateLoopTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// The listing after `pages` arrived, each started `secondsApart` after the one before;
    /// returns what `apply` asked to load next after the last.
    private static func load(
        _ pages: [Page<Numbered>], into state: inout PagedState<Numbered>, from start: Date = start, secondsApart: TimeInterval = 1
    ) -> PageCursor? {
        var next: PageCursor?
        for (index, page) in pages.enumerated() {
            _ = state.apply(.started(at: start.addingTimeInterval(Double(index) * secondsApart), keepingValue: false))
            next = state.apply(.finished(.success(page)))
        }
        return next
    }

    private static func page(_ id: Int, next: String?, key: String? = nil) -> Page<Numbered> {
        Page(items: [Numbered(id: id)], next: next.map(PageCursor.init), contentKey: key)
    }

    @Test func aPageHoldingWhatOneAlreadyReadHeldEndsTheListing() {
        var state = PagedState<Numbered>()
        let next = Self.load([
            Self.page(1, next: "a?x=1", key: "0 first"),
            Self.page(2, next: "a?x=2", key: "0 second"),
            Self.page(2, next: "a?x=3", key: "0 second"),
        ], into: &state)
        #expect(next == nil)
        #expect(state.failure?.message == PagingError.loopsBack.userMessage)
        #expect(state.items.map(\.id) == [1, 2], "what arrived stays")
        #expect(state.pending == PageCursor("a?x=2"), "a retry asks for the page that came back again")
    }

    @Test func pagesWithoutAKeyAreNeverTakenForRepeats() {
        var state = PagedState<Numbered>()
        let next = Self.load([Self.page(1, next: "p2"), Self.page(1, next: "p3")], into: &state)
        #expect(next == PageCursor("p3"))
        #expect(state.failure == nil)
    }

    @Test func aListingLoadingPastTheTimeLimitStopsWithWhatArrived() {
        var state = PagedState<Numbered>()
        // Each page starts two minutes after the one before; the sixth starts ten minutes in.
        let pages = (1...6).map { Self.page($0, next: "p\($0 + 1)", key: "0 \($0)") }
        let next = Self.load(pages, into: &state, secondsApart: 120)
        #expect(next == nil)
        #expect(state.failure?.message == "The list was still loading after 10 minutes")
        #expect(state.items.map(\.id) == [1, 2, 3, 4, 5, 6])
        var quicker = PagedState<Numbered>()
        #expect(Self.load(Array(pages.prefix(5)), into: &quicker, secondsApart: 120) == PageCursor("p6"))
    }

    @Test func aRetryAfterAFailureGetsTimeAfresh() {
        var state = PagedState<Numbered>()
        _ = Self.load([Self.page(1, next: "p2", key: "0 1")], into: &state)
        _ = state.apply(.started(at: Self.start.addingTimeInterval(250), keepingValue: false))
        _ = state.apply(.finished(.failure(CourseClient.Failure(userMessage: "Can't reach school.example"))))
        // Retried an hour later: the time counts from the retry.
        let later = Self.start.addingTimeInterval(3_600)
        let next = Self.load([Self.page(2, next: "p3", key: "0 2"), Self.page(3, next: "p4", key: "0 3")], into: &state, from: later, secondsApart: 200)
        #expect(next == PageCursor("p4"))
        #expect(state.failure == nil)
    }
}
