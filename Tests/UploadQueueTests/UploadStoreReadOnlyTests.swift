import Foundation
import Testing
import CourseKit
@testable import FileSystem
import TestSupport
@testable import UploadQueue

/// A queue that already has jobs and then can't be written (a read-only disk, a folder that is
/// not the user's): every change says so in words, and what is queued stays as it was.
@Suite(.enabled(if: WriteLock.isAvailable, "folders can't be closed to writing on this machine"))
struct UploadStoreReadOnlyTests {
    let folder: UploadTestFolder
    let store: UploadStore

    init() throws {
        folder = try UploadTestFolder()
        store = folder.store()
    }

    /// What every change says while the data directory is closed.
    var refusal: UploadQueueError {
        .notWritable(path: folder.dataDirectory.path, reason: "permission denied")
    }

    /// A job queued while the queue could still be written.
    func queuedJob(_ name: String = "a.txt") throws -> UploadJob {
        try store.enqueue(file: try folder.write(Data("hello".utf8), to: name), course: CourseID(1), backend: "local")
    }

    /// Runs `body` with every folder of the data directory closed to writing, then opens them again.
    func whileClosed(_ body: () async throws -> Void) async throws {
        let folders = WriteLock.folders(in: folder.dataDirectory)
        WriteLock.lock(folders)
        defer { WriteLock.unlock(folders) }
        try await body()
    }

    @Test func aNewFileOrSubmissionIsRefusedInWordsAndNothingIsLeftBehind() async throws {
        let first = try queuedJob()
        let source = try folder.write(Data("draft".utf8), to: "draft.pdf")
        try await whileClosed {
            #expect(throws: refusal) { try store.enqueue(file: source, course: CourseID(1), backend: "local") }
            let plan = UploadJob.Submission(assignmentID: "7", assignmentName: "Essay")
            #expect(throws: refusal) { try store.enqueue(files: [source], course: CourseID(1), backend: "local", submission: plan) }
            let jobs = try store.jobs()
            #expect(jobs == [first], "the queue is read as it was")
        }
        #expect(folder.entries(in: "staging").isEmpty)
    }

    @Test func aJobCanBeNeitherChangedNorRemovedAndStaysAsItWas() async throws {
        let job = try queuedJob()
        try await whileClosed {
            var failed = job
            failed.state = .failed(reason: "no")
            #expect(throws: refusal) { try store.update(failed) }
            #expect(throws: refusal) { try store.remove(job.id) }
            let jobs = try store.jobs()
            #expect(jobs == [job])
        }
        #expect(folder.temporaries().isEmpty)
    }

    @Test func theEngineSendsNothingAndSaysWhy() async throws {
        let job = try queuedJob()
        let sent = Shared(0)
        let engine = UploadEngine(
            store: store, transport: UploadTransport { _, _, _ in sent.modify { $0 += 1 } }, clock: .fixed(Date(timeIntervalSince1970: 0)),
            backend: "local", jitter: { 1 }
        )
        try await whileClosed {
            await #expect(throws: refusal) { try await engine.runDueJobs() }
        }
        #expect(sent.value == 0)
        #expect(try store.job(job.id)?.state == .queued)
    }

    @Test func checkWritableSaysWhyOnlyWhileTheQueueIsClosed() async throws {
        try store.checkWritable()
        _ = try queuedJob()
        try store.checkWritable()
        try await whileClosed {
            #expect(throws: refusal) { try store.checkWritable() }
        }
        try store.checkWritable()
    }

    @Test func aQueueNotMadeYetIsCheckedWhereItWouldBeMade() async throws {
        let parent = folder.root.appendingPathComponent("shared")
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        let store = UploadStore(directory: parent.appendingPathComponent("data"), clock: .live)
        try store.checkWritable()
        WriteLock.lock([parent.path])
        defer { WriteLock.unlock([parent.path]) }
        #expect(throws: UploadQueueError.notWritable(path: parent.appendingPathComponent("data").path, reason: "permission denied")) {
            try store.checkWritable()
        }
    }
}

/// A queued copy that can't be read is said in words (and tried again), not named by an error type.
struct UnreadablePayloadTests {
    @Test func aPayloadThatCantBeReadIsNamedWithTheReason() async throws {
        let folder = try UploadTestFolder()
        let store = folder.store()
        let job = try store.enqueue(file: try folder.write(Data("hello".utf8), to: "a.txt"), course: CourseID(1), backend: "local")
        // A folder where the bytes were: it opens, and reading it fails as a broken disk would.
        let payload = store.payloadURL(for: job)
        try FileManager.default.removeItem(at: payload)
        try FileManager.default.createDirectory(at: payload, withIntermediateDirectories: false)
        await #expect(throws: UploadQueueError.unreadable(path: payload.path, reason: "it is a folder")) { try await store.verifyPayload(of: job) }
        #expect(UploadFailure.isTransient(UploadQueueError.unreadable(path: payload.path, reason: "it is a folder")), "tried again by itself")
    }
}
