import CourseKit
import Foundation
import Testing
@testable import CourseBrowser

@MainActor
struct PagedLoaderTests {
    /// Three pages of two numbers; the page at `failingCursor` fails while `failures` is positive.
    final class Pages: @unchecked Sendable {
        let lock = NSLock()
        var failures = 0
        var failingCursor = "2"
        var requested: [String] = []

        func fetch(_ cursor: PageCursor?) throws -> Page<Int> {
            try lock.withLock {
                let page = Int(cursor?.rawValue ?? "0") ?? 0
                requested.append(cursor?.rawValue ?? "first")
                if cursor?.rawValue == failingCursor, failures > 0 {
                    failures -= 1
                    throw CourseClient.Failure(userMessage: "Can't reach school.example")
                }
                return Page(items: [page * 2, page * 2 + 1], next: page < 2 ? PageCursor(String(page + 1)) : nil)
            }
        }
    }

    @Test func followsEveryPageAndKeepsOrder() async {
        let pages = Pages()
        let loader = PagedLoader<Int>(clock: Fixtures.clock) { try pages.fetch($0) }
        loader.reload()
        await settle { if case .complete = loader.phase { true } else { false } }
        #expect(loader.items == [0, 1, 2, 3, 4, 5])
        #expect(pages.requested == ["first", "1", "2"])
    }

    @Test func aFailedPageKeepsEarlierItemsAndRetryResumesThere() async {
        let pages = Pages()
        pages.failures = 1
        let loader = PagedLoader<Int>(clock: Fixtures.clock) { try pages.fetch($0) }
        loader.reload()
        await settle { if case .failed = loader.phase { true } else { false } }
        #expect(loader.items == [0, 1, 2, 3])
        guard case let .failed(message) = loader.phase else { return }
        #expect(message == "Can't reach school.example")

        #expect(loader.retry())
        await settle { if case .complete = loader.phase { true } else { false } }
        #expect(loader.items == [0, 1, 2, 3, 4, 5])
        #expect(pages.requested == ["first", "1", "2", "2"])
    }

    @Test func reloadStartsOverFromTheFirstPage() async {
        let pages = Pages()
        let loader = PagedLoader<Int>(clock: Fixtures.clock) { try pages.fetch($0) }
        loader.reload()
        await settle { if case .complete = loader.phase { true } else { false } }
        loader.reload()
        #expect(loader.items.isEmpty)
        await settle { if case .complete = loader.phase { true } else { false } }
        #expect(loader.items.count == 6)
    }
}
