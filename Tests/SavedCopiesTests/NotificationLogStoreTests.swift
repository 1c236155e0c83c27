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

    @Test func aSavedRecordIsReadBackInTheAccountsFolderByAnotherStart() throws {
        defer { scratch.remove() }
        let account = SavedCopyAccount(origin: "https://school.example", user: "17")
        let record = NotificationRecord(entries: ["graded:assignment:3": moment])
        NotificationLog.store(store) { account }.save(record)
        #expect(FileManager.default.fileExists(atPath: store.folder(for: account).appendingPathComponent("notified.json").path))
        #expect(NotificationLog.store(store) { account }.load() == record)
        let someoneElse = SavedCopyAccount(origin: "https://school.example", user: "18")
        #expect(NotificationLog.store(store) { someoneElse }.load() == nil, "each account keeps its own")
    }

    @Test func untilTheAccountIsKnownThereIsNoRecordAndNothingIsWritten() throws {
        defer { scratch.remove() }
        let log = NotificationLog.store(store) { nil }
        log.save(NotificationRecord(entries: ["a": moment]))
        #expect(log.load() == nil)
        #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("cache").path))
    }
}
