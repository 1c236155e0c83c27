import Foundation
import Testing
@testable import Catalog
import CourseKit

/// Batches finish on the reading threads in any order; the list takes them in the document's.
struct CatalogJoinTests {
    func batch(_ ids: ClosedRange<Int>, firstPosition: Int) -> CatalogIndex.ReadBatch {
        let summaries = ids.enumerated().map { offset, id in
            CatalogIndex.Summary(entry: Catalog.Entry(course: Course(id: CourseID(id), name: "Course \(id)")), position: firstPosition + offset)
        }
        return CatalogIndex.ReadBatch(summaries: summaries)
    }

    @Test func aBatchThatFinishesEarlyWaitsForTheOnesBeforeIt() {
        var state = CatalogIndex.JoinState()
        state.arrive(2, .success(batch(7...9, firstPosition: 6)))
        state.arrive(1, .success(batch(4...6, firstPosition: 3)))
        #expect(state.summaries.count == 0, "nothing is taken in before the first batch")
        state.arrive(0, .success(batch(1...3, firstPosition: 0)))
        state.summaries.finish(skipped: &state.skipped)
        #expect(state.summaries.courses.map(\.id) == (1...9).map { CourseID($0) })
        #expect(state.failure == nil)
    }

    @Test func aBatchThatCouldNotBeReadStopsTheListThere() {
        var state = CatalogIndex.JoinState()
        state.arrive(0, .success(batch(1...3, firstPosition: 0)))
        state.arrive(2, .success(batch(7...9, firstPosition: 6)))
        state.arrive(1, .failure(CatalogReader.Unread()))
        state.arrive(3, .success(batch(10...12, firstPosition: 9)))
        #expect(state.failure is CatalogReader.Unread)
        #expect(state.summaries.courses.map(\.id) == (1...3).map { CourseID($0) })
    }

    @Test func aRepeatedIDInALaterBatchIsLeftOutWithALineNamingTheFirst() {
        var state = CatalogIndex.JoinState()
        state.arrive(1, .success(batch(2...3, firstPosition: 2)))
        state.arrive(0, .success(batch(1...2, firstPosition: 0)))
        state.summaries.finish(skipped: &state.skipped)
        #expect(state.summaries.courses.map(\.id) == [CourseID(1), CourseID(2), CourseID(3)])
        #expect(state.skipped.map(\.position) == [2])
        #expect(state.summaries[CourseID(3)]?.position == 3)
    }
}
