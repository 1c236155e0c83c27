import CourseKit
import Foundation
@testable import SavedCopies
import Testing
import TestSupport

/// The record of what was told lives beside the account's saved copies, once the account is known.
struct NotificationLogStoreTests {
    let scratch: ScratchFolder
    let moment = Date(timeIntervalSince1970: 1_800_000_000)

    init() throws {
        scratch = try ScratchFolder()
    }

    var store: SavedCopyStore {
        SavedCopyStore(directory: scratch.url.appendingPathComponent("cache"), clock: ManualClock(moment).client)
    }

    @Test func aSavedRecordIsReadBackInTheAccountsFolderByAnotherStart() async throws {
        defer { scratch.remove() }
        let account = SavedCopyAccount(origin: "https://school.example", user: "17")
        let record = NotificationRecord(entries: ["graded:assignment:3@1800000000": moment])
        NotificationLog.store(store) { account }.save(record)
        try await eventually("the record is written") { NotificationLog.store(store) { account }.load() == record }
        #expect(FileManager.default.fileExists(atPath: store.folder(for: account).appendingPathComponent("notified.json").path))
        let someoneElse = SavedCopyAccount(origin: "https://school.example", user: "18")
        #expect(NotificationLog.store(store) { someoneElse }.load() == nil, "each account keeps its own")
    }

    @Test func savingReturnsBeforeTheDiskIsTouchedAndTheRecordIsReadBackMeanwhile() async throws {
        defer { scratch.remove() }
        let account = SavedCopyAccount(origin: "https://school.example", user: "17")
        let gate = Gate()
        let writer = SavedCopyWriter(store: store) {
            await gate.wait()
            return account
        }
        let log = NotificationLog.store(store, account: { account }, writer: writer)
        let first = NotificationRecord(entries: ["announcement:announcement:4": moment])
        let second = NotificationRecord(entries: ["announcement:announcement:4": moment, "announcement:announcement:5": moment])
        log.save(first)
        log.save(second)
        #expect(log.load() == second, "the last record saved, before it is on disk")
        #expect(NotificationLog.store(store) { account }.load() == nil, "nothing written while the writer waits")
        gate.open()
        try await eventually("the last record is written") { NotificationLog.store(store) { account }.load() == second }
    }

    @Test func untilTheAccountIsKnownThereIsNoRecordAndNothingIsWritten() throws {
        defer { scratch.remove() }
        let log = NotificationLog.store(store) { nil }
        log.save(NotificationRecord(entries: ["a": moment]))
        #expect(log.load() == nil)
        #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("cache").path))
    }
}
