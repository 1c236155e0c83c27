import Foundation
import Testing
import CourseKit
@testable import FileSystem
@testable import Launch
import TestSupport
@testable import UploadQueue

struct DownloadQueueTests {
    let fixture: DownloadFixture

    init() throws {
        fixture = try DownloadFixture()
    }

    @Test func lockedAndAddresslessFilesAreRefusedWithTheReason() throws {
        var addressless = fixture.file(id: "8", name: "b.pdf")
        addressless.downloadURL = nil
        let outcome = try fixture.enqueue([fixture.file(isLocked: true), addressless])
        #expect(outcome.queued.isEmpty)
        #expect(outcome.refused == ["7": "This file is locked until Monday.", "8": "The course gives no address to download b.pdf from"])
    }

    @Test func aQueuedDownloadIsOneJobWithNoPayloadAndIsNotQueuedTwice() throws {
        let first = try fixture.enqueue([fixture.file()])
        let job = try #require(first.queued.first)
        #expect(job.isDownload && job.files.count == 1 && job.fileName == "notes.pdf" && job.size == 11)
        #expect(job.sourcePath == fixture.path("notes.pdf"))
        #expect(try fixture.store.jobs().map(\.id) == [job.id])
        #expect(!FileManager.default.fileExists(atPath: fixture.store.payloadURL(for: job).path))

        let second = try fixture.enqueue([fixture.file()])
        #expect(second.queued.isEmpty && second.alreadyQueued == ["7"])
    }

    @Test func theRecordSaysWhichFilesAreCurrentAndWhichChanged() throws {
        let file = fixture.file()
        let path = fixture.path("notes.pdf")
        let entry = DownloadRecords.Entry(path: path, size: 11, updatedAt: file.updatedAt, validator: nil)
        try fixture.records.record(entry, backend: fixture.backend, course: fixture.course, fileID: "7")
        #expect(fixture.records.entry(backend: fixture.backend, course: fixture.course, fileID: "7") == entry)
        #expect(fixture.records.entry(backend: "offline", course: fixture.course, fileID: "7") == nil, "each backend has its own record")

        // Recorded, but the copy is gone: queued again, not as a change.
        let missing = try fixture.enqueue([file])
        #expect(missing.queued.count == 1 && missing.changed.isEmpty && missing.current.isEmpty)
        try fixture.store.remove(try #require(missing.queued.first).id)

        try FileManager.default.createDirectory(at: URL(fileURLWithPath: fixture.path("")), withIntermediateDirectories: true)
        try Data("hello world".utf8).write(to: URL(fileURLWithPath: path))
        #expect(try fixture.enqueue([file]).current == ["7": LocalPath(path)])

        let larger = try fixture.enqueue([fixture.file(size: 12)])
        #expect(larger.changed == ["7"] && larger.queued.count == 1)
        try fixture.store.remove(try #require(larger.queued.first).id)
        let newer = try fixture.enqueue([fixture.file(updatedAt: Date(timeIntervalSince1970: 1_800_000_000))])
        #expect(newer.changed == ["7"] && newer.queued.count == 1)
    }

    @Test func removingAQueuedDownloadDeletesItsPartButNeverTheDestination() throws {
        let job = try #require(try fixture.enqueue([fixture.file()]).queued.first)
        try FileManager.default.createDirectory(at: URL(fileURLWithPath: fixture.path("")), withIntermediateDirectories: true)
        try Data("earlier".utf8).write(to: URL(fileURLWithPath: fixture.path("notes.pdf")))
        try Data("hel".utf8).write(to: URL(fileURLWithPath: fixture.part(of: job)))
        try fixture.store.remove(job.id)
        #expect(try fixture.store.jobs().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: fixture.part(of: job)))
        #expect(contents(fixture.path("notes.pdf")) == "earlier")
    }

    @Test func queueJSONShowsADownloadWithItsDestinationAndBytesSoFar() throws {
        let job = try #require(try fixture.enqueue([fixture.file()]).queued.first)
        try FileManager.default.createDirectory(at: URL(fileURLWithPath: fixture.path("")), withIntermediateDirectories: true)
        try Data("hello".utf8).write(to: URL(fileURLWithPath: fixture.part(of: job)))
        let text = QueueListing.json([job])
        let listed = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        let row = try #require(listed.first)
        #expect(row["kind"] as? String == "download")
        let download = try #require(row["download"] as? [String: Any])
        #expect(download["destination"] as? String == fixture.path("notes.pdf"))
        #expect(download["bytes_so_far"] as? Int == 5)
        #expect(download["file_id"] as? String == "7")
        let table = QueueListing.table([job])
        #expect(table.contains("  download  "), "\(table)")
        #expect(!table.contains(fixture.path("notes.pdf")), "the path is for --json: it would make the table as wide as itself")
    }

    @Test func theLiveClientQueuesAndFindsTheLocalCopy() async throws {
        let engine = fixture.engine(serving("hello world"))
        let client = UploadQueueClient.live(store: fixture.store, engine: engine, backend: fixture.backend, downloadDirectory: fixture.root)
        let file = fixture.file()
        let batch = DownloadBatch(course: fixture.course, courseFolder: "BIO 101", entries: [.init(file: file, folderPath: ["Week 1"])])
        let outcome = try await client.enqueueDownloads(batch)
        #expect(outcome.queued.count == 1)
        #expect(await client.localCopies(fixture.course, [file]).isEmpty)
        try await engine.runDueJobs()
        #expect(await client.localCopies(fixture.course, [file]) == ["7": LocalPath(fixture.path("notes.pdf"))])
        #expect(try await client.enqueueDownloads(batch).current == ["7": LocalPath(fixture.path("notes.pdf"))])
    }
}
