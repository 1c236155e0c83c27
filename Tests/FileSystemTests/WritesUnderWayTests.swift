import Foundation
import FileSystem
import Testing

/// The count of writes under way, and the wait a process about to exit makes on it.
@Suite(.timeLimit(.minutes(1)))
struct WritesUnderWayTests {
    /// `writes.waitUntilNone`, which blocks its thread, on a thread of its own.
    func wait(_ writes: WritesUnderWay, within seconds: Double) async -> Bool {
        await withCheckedContinuation { (done: CheckedContinuation<Bool, Never>) in
            Thread.detachNewThread {
                done.resume(returning: writes.waitUntilNone(within: seconds))
            }
        }
    }

    @Test func withNoWriteTheWaitIsOverAtOnce() async {
        let writes = WritesUnderWay()
        #expect(writes.waitUntilNone(within: 0))
        #expect(await wait(writes, within: 0))
    }

    @Test func aWriteThatDoesNotEndHoldsTheWaitToItsLimitOnly() async {
        let writes = WritesUnderWay()
        writes.began()
        #expect(!writes.waitUntilNone(within: 0))
        #expect(await wait(writes, within: 0.1) == false)
        writes.ended()
        #expect(writes.waitUntilNone(within: 0))
    }

    /// The wait's limit is ten minutes and the suite's one: only a wait woken by the last
    /// write's end returns in time.
    @Test func theWaitEndsWhenTheLastOfSeveralWritesEnds() async {
        let writes = WritesUnderWay()
        writes.began()
        writes.began()
        let waiting = Task { await wait(writes, within: 600) }
        writes.ended()
        #expect(!writes.waitUntilNone(within: 0), "one is still under way")
        writes.ended()
        #expect(await waiting.value)
    }
}
