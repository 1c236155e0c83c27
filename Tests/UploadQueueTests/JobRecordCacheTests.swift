import Foundation
import Testing
import CourseKit
@testable import FileSystem
import TestSupport
@testable import UploadQueue

/// Reading the queue again decodes only the records that changed, and misses no change.
struct JobRecordCacheTests {
    let folder: UploadTestFolder
    let store: UploadStore

    init() throws {
        folder = try UploadTestFolder()
        store = folder.store()
    }

    func record(of job: UploadJob) -> URL {
        folder.queue.appendingPathComponent("jobs/\(job.id)/job.json")
    }

    @Test func anUnchangedQueueIsNotDecodedAgain() throws {
        let jobs = try (0..<5).map { try store.enqueue(file: try folder.write(Data([UInt8($0)]), to: "f\($0).txt"), course: CourseID(1), backend: "local") }
        let first = try store.jobs()
        #expect(try store.jobs() == first)
        #expect(try store.jobs() == first)
        #expect(store.records.reads == jobs.count)
    }

    @Test func aChangeByAnotherProcessIsSeen() throws {
        var job = try store.enqueue(file: try folder.write(Data("x".utf8), to: "a.txt"), course: CourseID(1), backend: "local")
        #expect(try store.jobs().first?.state == .queued)
        // Another store on the same folder stands for another process: its cache is its own.
        job.state = .failed(reason: "The course is closed to uploads")
        try folder.store().update(job)
        #expect(try store.jobs().first?.state == job.state)
        #expect(store.records.reads == 2)
    }

    @Test func aRecordDamagedInPlaceAfterItWasReadShowsAsDamaged() throws {
        let job = try store.enqueue(file: try folder.write(Data("x".utf8), to: "a.txt"), course: CourseID(1), backend: "local")
        #expect(try store.jobs().first?.state == .queued)
        let handle = try FileHandle(forWritingTo: record(of: job))
        try handle.truncate(atOffset: 7)
        try handle.close()
        #expect(try store.jobs().first?.state.isDamaged == true)
        #expect(try store.jobs().first?.state.isDamaged == true)
    }

    @Test func aRemovedJobIsForgotten() throws {
        let keep = try store.enqueue(file: try folder.write(Data("k".utf8), to: "k.txt"), course: CourseID(1), backend: "local")
        let drop = try store.enqueue(file: try folder.write(Data("d".utf8), to: "d.txt"), course: CourseID(1), backend: "local")
        _ = try store.jobs()
        try store.remove(drop.id)
        #expect(try store.jobs().map(\.id) == [keep.id])
        #expect(store.records.job(named: drop.id, version: try #require(FileVersion(path: record(of: keep).path))) == nil)
    }
}
