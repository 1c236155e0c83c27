import CourseKit
import Foundation
import Testing
@testable import FileSystem
import TestSupport
@testable import UploadQueue

/// Submissions in the queue's records, and handed in to the offline backends' data directory.
struct SubmissionStoreTests {
    let folder: UploadTestFolder
    let store: UploadStore

    init() throws {
        folder = try UploadTestFolder()
        store = folder.store()
    }

    var plan: UploadJob.Submission {
        UploadJob.Submission(assignmentID: "100033", assignmentName: "Project Draft", dueAt: Date(timeIntervalSince1970: 1_795_971_000))
    }

    @Test func everyFileOfASubmissionIsCapturedAsItsOwnPayload() async throws {
        let first = try folder.write(Data("the draft".utf8), to: "draft.pdf")
        let second = try folder.write(Data("appendix, longer".utf8), to: "appendix.odt")
        let job = try store.enqueue(files: [first, second], course: CourseID(10003), backend: "offline", submission: plan)
        #expect(job.files.map(\.name) == ["draft.pdf", "appendix.odt"])
        #expect(job.files.map(\.size) == [9, 16])
        #expect(job.size == 25)
        #expect(job.fileName == "draft.pdf +1")
        #expect(job.submission?.uploadedFileIDs == [nil, nil])
        #expect(try Data(contentsOf: store.payloadURL(for: job, file: 0)) == Data("the draft".utf8))
        #expect(try Data(contentsOf: store.payloadURL(for: job, file: 1)) == Data("appendix, longer".utf8))
        #expect(store.payloadURL(for: job, file: 1).lastPathComponent == "payload-1")
        #expect(try store.jobs() == [job], "the record keeps the files and the plan")

        store.discardPayload(of: job.id)
        try await eventually("a finished job keeps only its record") {
            try FileManager.default.contentsOfDirectory(atPath: folder.queue.appendingPathComponent("jobs/\(job.id)").path) == ["job.json"]
        }
    }

    @Test func oneFileThatCantBeCapturedQueuesNothing() throws {
        let good = try folder.write(Data("x".utf8), to: "draft.pdf")
        let missing = folder.root.appendingPathComponent("nope.pdf")
        #expect(throws: UploadQueueError.missing(path: missing.path)) {
            try store.enqueue(files: [good, missing], course: CourseID(1), backend: "offline", submission: plan)
        }
        #expect(try store.jobs().isEmpty)
        #expect(folder.entries(in: "staging").isEmpty, "nothing half-queued is left")
        #expect(throws: UploadQueueError.noFiles) { try store.enqueue(files: [LocalPath](), course: CourseID(1), backend: "offline", submission: plan) }
    }

    @Test func aRecordWrittenBeforeJobsHeldSeveralFilesStillReads() throws {
        let job = try store.enqueue(file: try folder.write(Data("hello".utf8), to: "a.txt"), course: CourseID(5), backend: "offline")
        let legacy = """
        {"attempts": 2, "backend": "offline", "courseID": "5", "fileName": "old name.txt", "id": "\(job.id)",
         "queuedAt": 1000, "sha256": "abc", "size": 5, "sourcePath": "/home/me/old name.txt", "state": {"queued": {}}}
        """
        try Data(legacy.utf8).write(to: folder.queue.appendingPathComponent("jobs/\(job.id)/job.json"))
        let read = try #require(try store.job(job.id))
        #expect(read.files == [QueuedFile(name: "old name.txt", sourcePath: "/home/me/old name.txt", size: 5, sha256: "abc")])
        #expect(read.submission == nil)
        #expect(read.attempts == 2)
    }

    @Test func aDamagedSubmissionSaysWhereAllItsBytesAre() throws {
        let files = try ["a.pdf", "b.pdf"].map { try folder.write(Data($0.utf8), to: $0) }
        let job = try store.enqueue(files: files, course: CourseID(1), backend: "offline", submission: plan)
        let directory = folder.queue.appendingPathComponent("jobs/\(job.id)")
        try Data("{".utf8).write(to: directory.appendingPathComponent("job.json"))
        let damaged = try #require(try store.job(job.id))
        #expect(damaged.size == 10)
        #expect(damaged.lastError?.hasSuffix("its 2 queued files are kept in \(directory.path)") == true, "\(damaged.lastError ?? "")")
    }
}

/// `SubmissionTransport.local` and `LocalSubmissions`, the offline backends' assignments.
struct LocalSubmissionTests {
    let folder: UploadTestFolder
    let now = Date(timeIntervalSince1970: 1_795_971_912)

    init() throws {
        folder = try UploadTestFolder()
    }

    var submissions: LocalSubmissions { LocalSubmissions(directory: folder.dataDirectory, clock: .fixed(now)) }

    func job(_ names: [String], due: Date?) throws -> (UploadJob, UploadStore) {
        let store = folder.store()
        let files = try names.map { try folder.write(Data("bytes of \($0)".utf8), to: $0) }
        let plan = UploadJob.Submission(assignmentID: "100033", assignmentName: "Project Draft", dueAt: due)
        return (try store.enqueue(files: files, course: CourseID(10003), backend: "offline", submission: plan), store)
    }

    func handIn(_ job: UploadJob, _ store: UploadStore, previous: Int = 0) async throws -> SubmissionAttempt? {
        let transport = SubmissionTransport.local(submissions) { _, _ in previous }
        var ids: [String] = []
        for index in job.files.indices {
            ids.append(try await transport.uploadFile(job, index, store.payloadURL(for: job, file: index)) { _ in })
        }
        return try await transport.submit(job, ids)
    }

    @Test func anAttemptHoldsByteIdenticalFilesAndIsNumberedAfterTheCatalogsOwn() async throws {
        let (job, store) = try job(["draft.pdf", "notes.odt"], due: now.addingTimeInterval(3600))
        let attempt = try #require(try await handIn(job, store, previous: 2))
        #expect(attempt.attempt == 3)
        #expect(attempt.isLate == false)
        #expect(attempt.carries(job.files))
        let attemptFolder = folder.dataDirectory.appendingPathComponent("submissions/10003/100033/attempt-3")
        #expect(try Data(contentsOf: attemptFolder.appendingPathComponent("draft.pdf")) == Data("bytes of draft.pdf".utf8))
        #expect(try Data(contentsOf: attemptFolder.appendingPathComponent("notes.odt")) == Data("bytes of notes.odt".utf8))
        #expect(submissions.attempts(course: CourseID(10003), assignment: "100033") == [attempt])
        let uploads = folder.dataDirectory.appendingPathComponent("submissions/10003/100033/files").path
        #expect(try FileManager.default.contentsOfDirectory(atPath: uploads).isEmpty, "the uploads an attempt was made of are gone")
        let record = try String(contentsOf: attemptFolder.appendingPathComponent("submission.json"), encoding: .utf8)
        #expect(record.contains(#""late" : false"#) && !record.contains("attempt"), "the record's number is its folder's: \(record)")
    }

    @Test func aLateAttemptIsMarkedAndTheNextGetsTheNextNumber() async throws {
        let (first, store) = try job(["a.pdf"], due: now.addingTimeInterval(-60))
        let one = try #require(try await handIn(first, store))
        #expect(one.attempt == 1)
        #expect(one.isLate)
        let two = try #require(try await handIn(first, store))
        #expect(two.attempt == 2)
        #expect(submissions.latest(course: CourseID(10003), assignment: "100033")?.attempt == 2)
    }

    @Test func theCatalogsAssignmentsShowWhatWasHandedInHere() async throws {
        let (job, store) = try job(["a.pdf"], due: nil)
        _ = try await handIn(job, store)
        var client = CourseClient.unimplemented
        client.assignments = { _, _ in
            [Assignment(id: "100033", name: "Project Draft", submission: .init(state: .unsubmitted)), Assignment(id: "9", name: "Other")]
        }
        let shown = try await client.showing(submissions).assignments(CourseID(10003), .ignored)
        #expect(shown[0].submission?.state == .submitted)
        #expect(shown[0].submission?.attempt == 1)
        #expect(shown[0].submission?.submittedAt == now)
        #expect(shown[1].submission == nil, "an assignment nothing was handed in to is as the catalog says")
    }

    @Test func aDamagedAttemptRecordStillCountsButCarriesNothing() async throws {
        let (job, store) = try job(["a.pdf"], due: nil)
        _ = try await handIn(job, store)
        let record = folder.dataDirectory.appendingPathComponent("submissions/10003/100033/attempt-1/submission.json")
        try Data("garbage".utf8).write(to: record)
        let attempts = submissions.attempts(course: CourseID(10003), assignment: "100033")
        #expect(attempts == [SubmissionAttempt(attempt: 1)])
        #expect(try await handIn(job, store)?.attempt == 2)
    }

    /// A folder no attempt here could have made (beyond Canvas's 32-bit numbers) is not one,
    /// so numbering the next can't overflow.
    @Test func anAttemptFolderNumberedPastWhatCanBeFollowedIsNotAnAttempt() async throws {
        let (job, store) = try job(["a.pdf"], due: nil)
        let huge = folder.dataDirectory.appendingPathComponent("submissions/10003/100033/attempt-\(Int.max)")
        try FileManager.default.createDirectory(at: huge, withIntermediateDirectories: true)
        #expect(submissions.attempts(course: CourseID(10003), assignment: "100033").isEmpty)
        #expect(try await handIn(job, store)?.attempt == 1)
    }
}
