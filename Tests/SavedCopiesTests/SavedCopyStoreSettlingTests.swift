import CourseKit
import Foundation
@testable import SavedCopies
import Testing
import TestSupport

/// A process about to exit waits for saved copies still being written, but not for ever.
struct SavedCopyStoreSettlingTests {
    let scratch: ScratchFolder

    init() throws {
        scratch = try ScratchFolder()
    }

    /// `store.settle`, which blocks its thread as the app's main thread does at exit, on a thread
    /// of its own: on one of the few threads tasks run on, it would hold up the writes it waits for.
    @discardableResult
    func settle(_ store: SavedCopyStore, within seconds: Double) async -> Bool {
        await withCheckedContinuation { (done: CheckedContinuation<Bool, Never>) in
            Thread.detachNewThread {
                done.resume(returning: store.settle(within: seconds))
            }
        }
    }

    @Test func settlingWaitsForWritesUnderWayAndNoLongerThanItIsGiven() async throws {
        defer { scratch.remove() }
        let store = SavedCopyStore(directory: scratch.url.appendingPathComponent("cache"), clock: ManualClock(Date(timeIntervalSince1970: 1_800_000_000)).client)
        let account = SavedCopyAccount(origin: "https://school.example", user: "17")
        #expect(store.settle(within: 0), "nothing handed to a writer yet")
        let gate = Gate()
        let writer = SavedCopyWriter(store: store) {
            await gate.wait()
            return account
        }
        writer.save(["Essay"], as: .planner)
        #expect(!store.settle(within: 0), "a write waits for its account")
        let started = Date()
        #expect(await settle(store, within: 0.2) == false)
        #expect(Date().timeIntervalSince(started) >= 0.2, "it waited")
        #expect(!store.settle(within: 0), "and gave up at its limit")

        gate.open()
        #expect(await settle(store, within: 10))
        #expect(store.settle(within: 0))
        #expect(FileManager.default.fileExists(atPath: store.folder(for: account).appendingPathComponent("planner.json").path))
    }

    @Test func aWriteWithoutAnAccountStillEnds() async throws {
        defer { scratch.remove() }
        let store = SavedCopyStore(directory: scratch.url.appendingPathComponent("cache"), clock: ManualClock(Date(timeIntervalSince1970: 1_800_000_000)).client)
        SavedCopyWriter(store: store) { nil }.save(["Essay"], as: .planner)
        await settle(store, within: 10)
        #expect(store.settle(within: 0))
    }
}
