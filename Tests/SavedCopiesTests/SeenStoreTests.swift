import CourseKit
import Foundation
import Synchronization
import Testing
import TestSupport
@testable import SavedCopies

/// What the student last saw of each course, kept beside the saved copies: replaced in one
/// step, never trimmed, and a file that can't be read is no record rather than a crash.
struct SeenStoreTests {
    let folder: ScratchFolder
    let clock = ManualClock(Date(timeIntervalSince1970: 1_800_000_000))
    let account = SavedCopyAccount(origin: "https://school.example", user: "17")
    var store: SavedCopyStore { SavedCopyStore(directory: folder.url.appendingPathComponent("cache"), clock: clock.client, limit: 20_000) }

    init() throws {
        folder = try ScratchFolder()
    }

    func record(dueAt: Date?) -> SeenCourse {
        SeenCourse(recordedAt: clock.now(), assignments: ["7": .init(dueAt: dueAt, isGraded: false)], announcements: ["announcement:3"])
    }

    func file(_ course: CourseID) -> URL {
        store.seenFolder(for: account).appendingPathComponent("\(course.rawValue).json")
    }

    func inode(_ url: URL) throws -> Int? {
        (try FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? NSNumber)?.intValue
    }

    @Test func aRecordReadsBackAndIsReplacedWholeInOneStep() throws {
        defer { folder.remove() }
        let first = record(dueAt: clock.now())
        store.record(first, for: CourseID(5), of: account)
        #expect(store.seen(CourseID(5), of: account) == first)
        let before = try inode(file(CourseID(5)))
        let second = record(dueAt: nil)
        store.record(second, for: CourseID(5), of: account)
        #expect(store.seen(CourseID(5), of: account) == second)
        #expect(try inode(file(CourseID(5))) != before, "a new file renamed over the old, never the old one rewritten in place")
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.seenFolder(for: account).path) == ["5.json"], "no temporary left behind")
    }

    @Test(arguments: ["", "{\"recordedAt\": ", "[1, 2]", "\u{0}\u{1}binary"])
    func aFileThatCannotBeReadIsNoRecord(damage: String) throws {
        defer { folder.remove() }
        store.record(record(dueAt: nil), for: CourseID(5), of: account)
        try Data(damage.utf8).write(to: file(CourseID(5)))
        #expect(store.seen(CourseID(5), of: account) == nil)
        store.record(record(dueAt: nil), for: CourseID(5), of: account)
        #expect(store.seen(CourseID(5), of: account) != nil, "the next record replaces the damage")
    }

    @Test func aRecordIsTheAccountsOwn() {
        defer { folder.remove() }
        store.record(record(dueAt: nil), for: CourseID(5), of: account)
        #expect(store.seen(CourseID(5), of: SavedCopyAccount(origin: account.origin, user: "18")) == nil)
        #expect(store.seen(CourseID(6), of: account) == nil)
    }

    @Test func trimmingKeepsTheRecordsOldestThoughTheyAre() throws {
        defer { folder.remove() }
        store.record(record(dueAt: nil), for: CourseID(5), of: account)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1)], ofItemAtPath: file(CourseID(5)).path)
        for number in 1...4 {
            store.write(String(repeating: "x", count: 9_000), as: .syllabus(CourseID(number)), of: account)
        }
        store.trim()
        #expect(store.seen(CourseID(5), of: account) != nil)
        #expect(store.read(.syllabus(CourseID(1)), of: account, as: String.self) == nil, "copies were dropped instead")
    }

    @Test func theClientReadsARecordBackAtOnceAndWritesItOnceTheAccountIsKnown() async throws {
        defer { folder.remove() }
        let known = Mutex<SavedCopyAccount?>(nil)
        let gate = Gate()
        let client = SeenClient.store(store, remembered: { known.withLock { $0 } }) {
            await gate.wait()
            return account
        }
        let seen = record(dueAt: clock.now())
        client.record(CourseID(5), seen)
        #expect(client.seen(CourseID(5)) == seen, "read back before it is on disk")
        #expect(store.seen(CourseID(5), of: account) == nil)
        gate.open()
        try await eventually("the record is written") { store.seen(CourseID(5), of: account) == seen }
        known.withLock { $0 = account }
        let nextStart = SeenClient.store(store, remembered: { known.withLock { $0 } }) { account }
        #expect(nextStart.seen(CourseID(5)) == seen)
        #expect(nextStart.seen(CourseID(6)) == nil)
    }

    @Test func theClientReadsEachCoursesFileOnceARun() throws {
        defer { folder.remove() }
        // Large enough that reading it again would show in the bytes read.
        var assignments: [String: SeenCourse.Entry] = [:]
        for number in 1...200 {
            assignments[String(number)] = .init(dueAt: clock.now(), isGraded: false)
        }
        let large = SeenCourse(recordedAt: clock.now(), assignments: assignments)
        store.record(large, for: CourseID(5), of: account)
        let client = SeenClient.store(store, remembered: { account }) { account }
        #expect(client.seen(CourseID(5))?.assignments.count == 200)
        #expect(client.seen(CourseID(6)) == nil)

        let before = try SavedCopyStoreTests.bytesReadByThisThread()
        let again = (client.seen(CourseID(5)), client.seen(CourseID(6)))
        let read = try SavedCopyStoreTests.bytesReadByThisThread() - before
        #expect(again.0?.assignments.count == 200 && again.1 == nil)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: file(CourseID(5)).path)[.size] as? Int)
        #expect(read < size, "the file was not read again: \(read) bytes read, the file has \(size)")

        store.record(record(dueAt: nil), for: CourseID(5), of: account)
        store.record(record(dueAt: nil), for: CourseID(6), of: account)
        #expect(client.seen(CourseID(5))?.assignments.count == 200, "what it read stands for the run")
        #expect(client.seen(CourseID(6)) == nil, "a course with no file is not looked for again")
    }
}
