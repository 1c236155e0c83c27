import Foundation
import Testing
@testable import CourseBrowser
import CourseKit
import TestSupport

/// A listing element for the listing tests: only its ID matters.
struct Numbered: Identifiable, Sendable, Equatable {
    var id: Int
}

@MainActor
struct PagedLoadingTests {
    /// Three pages of two numbers; the page at `failingCursor` fails while `failures` is positive.
    final class Pages: Sendable {
        let failures = Shared(0)
        let requested = Recorder<String>()
        static let failingCursor = "2"

        func fetch(_ cursor: PageCursor?) throws -> Page<Numbered> {
            let page = Int(cursor?.rawValue ?? "0") ?? 0
            requested.append(cursor?.rawValue ?? "first")
            let fails = cursor?.rawValue == Self.failingCursor && failures.modify { left in
                defer { left = max(0, left - 1) }
                return left > 0
            }
            if fails { throw CourseClient.Failure(userMessage: "Can't reach school.example") }
            let items = [page * 2, page * 2 + 1].map(Numbered.init(id:))
            return Page(items: items, next: page < 2 ? PageCursor(String(page + 1)) : nil)
        }
    }

    @Test func followsEveryPageAndKeepsOrder() async {
        let pages = Pages()
        let listing = PageHarness<Numbered> { cursor, _ in try pages.fetch(cursor) }
        listing.reload()
        await settle { listing.isComplete }
        #expect(listing.state.items.map(\.id) == [0, 1, 2, 3, 4, 5])
        #expect(pages.requested.values == ["first", "1", "2"])
    }

    @Test func aFailedPageKeepsEarlierItemsAndRetryResumesThere() async {
        let pages = Pages()
        pages.failures.value = 1
        let listing = PageHarness<Numbered> { cursor, _ in try pages.fetch(cursor) }
        listing.reload()
        await settle { listing.state.failure != nil }
        #expect(listing.state.items.map(\.id) == [0, 1, 2, 3])
        #expect(listing.state.failure?.message == "Can't reach school.example")

        listing.retry()
        await settle { listing.isComplete }
        #expect(listing.state.items.map(\.id) == [0, 1, 2, 3, 4, 5])
        #expect(pages.requested.values == ["first", "1", "2", "2"])
    }

    @Test func reloadStartsOverFromTheFirstPage() async {
        let pages = Pages()
        let listing = PageHarness<Numbered> { cursor, _ in try pages.fetch(cursor) }
        listing.reload()
        await settle { listing.isComplete }
        listing.reload()
        #expect(listing.state.items.isEmpty)
        await settle { listing.isComplete }
        #expect(listing.state.items.count == 6)
    }

    @Test func anElementAnEarlierPageBroughtIsNotListedTwice() async {
        let listing = PageHarness<Numbered> { cursor, _ in
            cursor == nil
                ? Page(items: [Numbered(id: 1), Numbered(id: 2)], next: PageCursor("more"))
                : Page(items: [Numbered(id: 2), Numbered(id: 3)])
        }
        listing.reload()
        await settle { listing.isComplete }
        #expect(listing.state.items.map(\.id) == [1, 2, 3])
    }

    @Test func skippedEntriesOfEveryPageAreKeptUntilReload() async {
        let listing = PageHarness<Numbered> { cursor, _ in
            cursor == nil
                ? Page(items: [Numbered(id: 1)], next: PageCursor("more"), skipped: ["first"])
                : Page(items: [], skipped: ["second"])
        }
        listing.reload()
        await settle { listing.isComplete }
        #expect(listing.state.skipped == ["first", "second"])
        listing.reload()
        #expect(listing.state.skipped.isEmpty)
        await settle { listing.isComplete }
    }

    @Test func aNextPageAlreadyReadEndsTheLoadInsteadOfLoopingForever() async {
        let fetched = Recorder<String>()
        let listing = PageHarness<Numbered> { cursor, _ in
            fetched.append(cursor?.rawValue ?? "first")
            let page = Int(cursor?.rawValue ?? "0") ?? 0
            // Page 2 says its next page is page 1 again.
            return Page(items: [Numbered(id: page)], next: PageCursor(String(page == 2 ? 1 : page + 1)))
        }
        listing.reload()
        await settle { listing.state.failure != nil }
        #expect(listing.state.failure?.message == PagingError.loopsBack.userMessage)
        #expect(listing.state.items.map(\.id) == [0, 1, 2], "what arrived stays")
        #expect(fetched.values == ["first", "1", "2"])
    }

    @Test func aListingWithoutEndStopsAtThePageLimit() async {
        let listing = PageHarness<Numbered> { cursor, _ in
            let page = Int(cursor?.rawValue ?? "0") ?? 0
            return Page(items: [Numbered(id: page)], next: PageCursor(String(page + 1)))
        }
        listing.reload()
        await settle { listing.state.failure != nil }
        #expect(listing.state.failure?.message == "The list goes on past 5000 pages")
        #expect(listing.state.items.count == PagingError.pageLimit)
    }
}
