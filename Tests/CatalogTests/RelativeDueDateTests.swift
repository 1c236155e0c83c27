import Foundation
import Testing
@testable import Catalog
import CourseKit
import TestSupport

/// `due_in_days` and `due_in_hours` in a catalog: due dates counted from the moment it is read.
struct RelativeDueDateTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let json = #"""
        {"courses": [{"id": 1, "name": "Biology", "assignments": [
          {"id": 10, "name": "Fixed", "due_at": "2027-01-01T00:00:00Z"},
          {"id": 11, "name": "In two days", "due_in_days": 2},
          {"id": 12, "name": "In five hours", "due_in_hours": 5},
          {"id": 13, "name": "Overdue", "due_in_days": -3, "due_in_hours": 1.5},
          {"id": 14, "name": "Both given", "due_at": "2000-01-01T00:00:00Z", "due_in_days": 1},
          {"id": 15, "name": "Undated"}]}]}
        """#

    static let expected: [Date?] = [
        Date(timeIntervalSince1970: 1_798_761_600), now + 2 * 86_400, now + 5 * 3_600, now - 3 * 86_400 + 5_400, now + 86_400, nil,
    ]

    @Test func anIndexCountsThemFromTheMomentItIsAskedAt() throws {
        let index = try CatalogIndex(Data(Self.json.utf8), source: "test.json")
        #expect(try index.assignments(CourseID(1), at: Self.now).map(\.dueAt) == Self.expected)
        let later = Self.now + 86_400
        #expect(try index.assignments(CourseID(1), at: later)[1].dueAt == later + 2 * 86_400, "the same catalog read a day later")
    }

    @Test func theWholeDocumentReaderCountsThemToo() throws {
        let index = try CatalogIndex(wholeDocument: Data(Self.json.utf8), source: "test.json", shift: 0)
        #expect(try index.assignments(CourseID(1), at: Self.now).map(\.dueAt) == Self.expected)
        let catalog = try Catalog.decode(Data(Self.json.utf8), source: "test.json").resolvingRelativeDates(at: Self.now)
        #expect(catalog.entries.first?.assignments.map(\.dueAt) == Self.expected)
    }

    @Test func aCatalogClientCountsFromItsClock() async throws {
        let index = try CatalogIndex(Data(Self.json.utf8), source: "test.json")
        let client = CourseClient.catalog(now: { Self.now }, index: { index })
        #expect(try await client.assignments(CourseID(1), .ignored).map(\.dueAt) == Self.expected)
    }

    /// Asked again a minute later, the Course pane must see the dates the Due pane listed, or
    /// every relative date reads as moved; a new reading of a changed file counts afresh.
    @Test func aCatalogClientCountsEveryAskingOfOneReadingFromItsFirst() async throws {
        let clock = Shared(Self.now)
        let reading = Shared(try CatalogIndex(Data(Self.json.utf8), source: "test.json"))
        let client = CourseClient.catalog(now: { clock.value }, index: { reading.value })
        #expect(try await client.assignments(CourseID(1), .ignored).map(\.dueAt) == Self.expected)
        clock.value = Self.now + 60
        #expect(try await client.assignments(CourseID(1), .ignored).map(\.dueAt) == Self.expected)
        reading.value = try CatalogIndex(Data(Self.json.utf8), source: "test.json")
        #expect(try await client.assignments(CourseID(1), .ignored)[1].dueAt == Self.now + 60 + 2 * 86_400)
    }

    @Test func theSampleIsDueAroundWhateverDayItIs() throws {
        // An afternoon long after the day the sample was written for.
        let now = SampleCatalog.anchor + 500 * 86_400 + 15 * 3_600
        let catalog = try SampleCatalog.load(now: now)
        let due = catalog.entries.flatMap(\.assignments).compactMap(\.dueAt)
        #expect(due.contains(now + 6 * 3_600), "due today")
        #expect(due.contains(now + 86_400), "due tomorrow")
        #expect(due.contains(now + 8 * 86_400), "due next week")
        #expect(due.contains(now - 3 * 86_400), "past due")
    }
}
