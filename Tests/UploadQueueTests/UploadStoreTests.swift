import Foundation
import Testing
import CourseKit
@testable import FileSystem
import TestSupport
@testable import UploadQueue

struct UploadStoreTests {
    let folder: UploadTestFolder
    let store: UploadStore

    init() throws {
        folder = try UploadTestFolder()
        store = folder.store()
    }

    @Test func enqueueCapturesTheBytesSoEditingOrDeletingTheOriginalChangesNothing() throws {
        let original = Data((0..<700_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let source = try folder.write(original, to: "lab3.zip")
        let job = try store.enqueue(file: source, course: CourseID(101), backend: "local")

        try Data("edited".utf8).write(to: source)
        #expect(try Data(contentsOf: store.payloadURL(for: job)) == original)
        try FileManager.default.removeItem(at: source)
        #expect(try Data(contentsOf: store.payloadURL(for: job)) == original)

        #expect(job.fileName == "lab3.zip")
        #expect(job.sourcePath == source.path)
        #expect(job.size == Int64(original.count))
        #expect(job.courseID == CourseID(101))
        #expect(job.backend == "local")
        #expect(job.state == .queued)
        #expect(job.attempts == 0)
        #expect(try store.jobs() == [job])
    }

    @Test func anEmptyFileIsQueuedToo() throws {
        let job = try store.enqueue(file: try folder.write(Data(), to: "empty.txt"), course: CourseID(1), backend: "local")
        #expect(job.size == 0)
        #expect(try Data(contentsOf: store.payloadURL(for: job)).isEmpty)
    }

    @Test func theJobIDIsTheUTCTimeThenRandomHex() throws {
        // 1_795_971_912 is 2026-11-29 17:05:12 UTC.
        let source = try folder.write(Data("x".utf8), to: "a.txt")
        let first = try store.enqueue(file: source, course: CourseID(1), backend: "local")
        let second = try store.enqueue(file: source, course: CourseID(1), backend: "local")
        for job in [first, second] {
            #expect(job.id.hasPrefix("20261129-170512-"))
            #expect(job.id.count == "20261129-170512-3f9a2c".count)
            #expect(job.id.suffix(6).allSatisfy { $0.isHexDigit })
        }
        #expect(first.id != second.id)
    }

    @Test func directoriesAre0700AndFilesAre0600() throws {
        let job = try store.enqueue(file: try folder.write(Data("x".utf8), to: "a.txt"), course: CourseID(1), backend: "local")
        try store.update(job)
        let queue = folder.queue.path
        for directory in [folder.dataDirectory.path, queue, "\(queue)/jobs", "\(queue)/staging", "\(queue)/trash",
                          "\(queue)/jobs/\(job.id)"] {
            #expect(permissionBits(directory) == 0o700, "\(directory)")
        }
        for file in ["\(queue)/jobs/\(job.id)/job.json", store.payloadURL(for: job).path] {
            #expect(permissionBits(file) == 0o600, "\(file)")
        }
    }

    @Test func aMissingFileIsNamedAndNothingIsQueued() throws {
        let path = folder.root.appendingPathComponent("absent.pdf").path
        #expect(throws: UploadQueueError.missing(path: path)) {
            try store.enqueue(file: URL(fileURLWithPath: path), course: CourseID(1), backend: "local")
        }
        #expect(try store.jobs().isEmpty)
        #expect(folder.entries(in: "staging").isEmpty)
    }

    @Test func aFolderIsNotQueued() throws {
        #expect(throws: UploadQueueError.folder(path: folder.root.path)) {
            try store.enqueue(file: folder.root, course: CourseID(1), backend: "local")
        }
        #expect(try store.jobs().isEmpty)
        #expect(UploadQueueError.folder(path: "/x/notes").userMessage == "/x/notes is a folder; choose a file to upload")
    }

    @Test func aNamedPipeIsRefusedWithoutHanging() throws {
        let path = folder.root.appendingPathComponent("pipe").path
        #expect(mkfifo(path, 0o600) == 0)
        #expect(throws: UploadQueueError.unreadable(path: path, reason: "it is not a regular file")) {
            try store.enqueue(file: URL(fileURLWithPath: path), course: CourseID(1), backend: "local")
        }
        #expect(try store.jobs().isEmpty)
    }

    @Test(.enabled(if: geteuid() != 0, "root can read any file"))
    func anUnreadableFileSaysPermissionDenied() throws {
        let source = try folder.write(Data("secret".utf8), to: "locked.txt")
        chmod(source.path, 0)
        #expect(throws: UploadQueueError.unreadable(path: source.path, reason: "permission denied")) {
            try store.enqueue(file: source, course: CourseID(1), backend: "local")
        }
        #expect(try store.jobs().isEmpty)
        #expect(folder.entries(in: "staging").isEmpty)
    }

    @Test func aDataDirectoryThatCannotBeCreatedIsNamed() throws {
        let blocker = try folder.write(Data(), to: "not-a-folder")
        let store = UploadStore(directory: blocker.appendingPathComponent("data"), clock: .live)
        let source = try folder.write(Data("x".utf8), to: "a.txt")
        #expect(throws: UploadQueueError.notWritable(
            path: blocker.appendingPathComponent("data").path, reason: "part of the path is not a folder"
        )) {
            try store.enqueue(file: source, course: CourseID(1), backend: "local")
        }
        #expect(try store.jobs().isEmpty)
    }

    @Test func anEmptyDataDirectoryHasNoJobsAndIsNotCreatedByReading() throws {
        #expect(try store.jobs().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folder.dataDirectory.path))
    }

    @Test(arguments: [
        UploadJob.State.queued,
        .uploading,
        .waiting(until: Date(timeIntervalSinceReferenceDate: 817_654_321.123_456), reason: "Can't reach school.example"),
        .failed(reason: "The course is closed to uploads"),
        .done,
    ])
    func updateRoundTripsEveryState(_ state: UploadJob.State) throws {
        var job = try store.enqueue(file: try folder.write(Data("x".utf8), to: "a.txt"), course: CourseID(7), backend: "local")
        job.state = state
        job.attempts = 3
        try store.update(job)
        #expect(try store.jobs() == [job])
        #expect(folder.temporaries().isEmpty)
    }

    @Test func updatingAJobThatIsGoneSaysSo() throws {
        let job = try store.enqueue(file: try folder.write(Data("x".utf8), to: "a.txt"), course: CourseID(7), backend: "local")
        try store.remove(job.id)
        #expect(throws: UploadQueueError.jobNotFound(id: job.id)) { try store.update(job) }
        var forged = job
        forged.id = "../escape"
        #expect(throws: UploadQueueError.jobNotFound(id: "../escape")) { try store.update(forged) }
    }

    @Test func removeDeletesTheJobAndItsBytesOnly() throws {
        let keep = try store.enqueue(file: try folder.write(Data("keep".utf8), to: "keep.txt"), course: CourseID(1), backend: "local")
        let drop = try store.enqueue(file: try folder.write(Data("drop".utf8), to: "drop.txt"), course: CourseID(1), backend: "local")
        try store.remove(drop.id)
        #expect(try store.jobs() == [keep])
        #expect(!FileManager.default.fileExists(atPath: store.payloadURL(for: drop).deletingLastPathComponent().path))
        #expect(folder.entries(in: "trash").isEmpty)
        #expect(throws: UploadQueueError.jobNotFound(id: drop.id)) { try store.remove(drop.id) }
    }

    @Test func aJobBeingUploadedCannotBeRemoved() throws {
        let job = try store.enqueue(file: try folder.write(Data("x".utf8), to: "a.txt"), course: CourseID(1), backend: "local")
        let claim = try #require(try store.claim(job.id))
        #expect(throws: UploadQueueError.inUse(id: job.id)) { try store.remove(job.id) }
        claim.release()
        try store.remove(job.id)
        #expect(try store.jobs().isEmpty)
    }

    @Test func jobsComeOldestFirst() throws {
        let start = Date(timeIntervalSince1970: 1_795_971_912)
        let store = folder.store(clock: steppingClock(from: start))
        var queued: [UploadJob] = []
        for index in 0..<6 {
            queued.append(try store.enqueue(file: try folder.write(Data([UInt8(index)]), to: "f\(index).txt"),
                                            course: CourseID(1), backend: "local"))
        }
        #expect(try store.jobs().map(\.fileName) == queued.map(\.fileName))

        // Order follows queuedAt, not the order of directory entries or IDs.
        var oldest = queued[5]
        oldest.queuedAt = start.addingTimeInterval(-60)
        try store.update(oldest)
        #expect(try store.jobs().map(\.fileName) == ["f5.txt", "f0.txt", "f1.txt", "f2.txt", "f3.txt", "f4.txt"])
    }

    @Test func aJobWhoseRecordCantBeReadStaysVisibleAsDamagedWithItsBytes() throws {
        let good = try store.enqueue(file: try folder.write(Data("x".utf8), to: "a.txt"), course: CourseID(1), backend: "local")
        let cut = try store.enqueue(file: try folder.write(Data("essay".utf8), to: "b.txt"), course: CourseID(1), backend: "local")
        let record = folder.queue.appendingPathComponent("jobs/\(cut.id)/job.json")
        let text = try #require(FileManager.default.contents(atPath: record.path))
        try text.prefix(text.count / 2).write(to: record)
        let missing = folder.queue.appendingPathComponent("jobs/20260101-000000-bbbbbb")
        try FileManager.default.createDirectory(at: missing, withIntermediateDirectories: true)

        let jobs = try store.jobs()
        #expect(jobs.count == 3)
        #expect(jobs.contains(good))
        let damaged = try #require(jobs.first { $0.id == cut.id })
        let payload = folder.queue.appendingPathComponent("jobs/\(cut.id)/payload").path
        #expect(damaged.state == .damaged(reason: "\(record.path) is cut short or not a job record; the queued file is kept at \(payload)"))
        #expect(damaged.size == 5)
        #expect(FileManager.default.contents(atPath: payload) == Data("essay".utf8), "the bytes stay")
        #expect(jobs.first { $0.id == "20260101-000000-bbbbbb" }?.lastError?.contains("job.json is missing; no queued file is left") == true)

        #expect(throws: UploadQueueError.damaged(id: cut.id)) { try store.update(damaged) }
        #expect(FileManager.default.contents(atPath: record.path) == text.prefix(text.count / 2), "what is left of the record is not overwritten")
        try store.remove(cut.id)
        #expect(try store.job(cut.id) == nil, "removing is the way out")
    }

    @Test func theCapturedBytesAreCheckedBySizeAndSHA256BeforeEachUpload() async throws {
        let source = try folder.write(Data("the whole essay".utf8), to: "essay.txt")
        let job = try store.enqueue(file: source, course: CourseID(1), backend: "local")
        #expect(job.files.first?.sha256 == (try sha256(of: source)))
        #expect(try store.job(job.id)?.files.first?.sha256 == job.files.first?.sha256, "the digest is in the record")
        try await store.verifyPayload(of: job)

        let payload = store.payloadURL(for: job)
        try Data("the whole".utf8).write(to: payload)
        await #expect(throws: UploadError.payloadDamaged(fileName: "essay.txt", detail: "9 bytes, queued as 15")) { try await store.verifyPayload(of: job) }
        try Data("THE whole essay".utf8).write(to: payload)
        await #expect(throws: UploadError.payloadDamaged(fileName: "essay.txt", detail: "its SHA-256 changed")) { try await store.verifyPayload(of: job) }
        try FileManager.default.removeItem(at: payload)
        await #expect(throws: UploadError.payloadMissing(fileName: "essay.txt")) { try await store.verifyPayload(of: job) }
    }

    @Test func abandonedStagingAndTemporariesAreCleanedButLiveOnesAreKept() throws {
        let job = try store.enqueue(file: try folder.write(Data("x".utf8), to: "a.txt"), course: CourseID(1), backend: "local")
        let staging = folder.queue.appendingPathComponent("staging")
        // What a writer killed mid-enqueue leaves: an unlocked, half-filled staging directory.
        try FileManager.default.createDirectory(at: staging.appendingPathComponent("dead"), withIntermediateDirectories: true)
        try Data(count: 100).write(to: staging.appendingPathComponent("dead/payload"))
        // What a writer killed mid-update leaves: an unlocked temporary next to job.json.
        let jobDirectory = folder.queue.appendingPathComponent("jobs/\(job.id)")
        try Data("{".utf8).write(to: jobDirectory.appendingPathComponent(".tmp-job.json-dead"))
        // A live writer's directory: created and locked the way enqueue does.
        try FileManager.default.createDirectory(at: staging.appendingPathComponent("live"), withIntermediateDirectories: true)
        let stagingDirectory = try FileDescriptor.open(staging.path, O_RDONLY | O_DIRECTORY)
        defer { stagingDirectory.close() }
        let live = try #require(try FileLock.open("live", in: stagingDirectory, flags: O_RDONLY | O_DIRECTORY, wait: false))

        #expect(try store.jobs() == [job])
        #expect(folder.entries(in: "staging") == ["live"])
        #expect(folder.temporaries().isEmpty)

        live.close()
        _ = try store.jobs()
        #expect(folder.entries(in: "staging").isEmpty)
    }

    @Test func errorMessagesNameTheFile() {
        #expect(UploadQueueError.missing(path: "/home/an/essay.pdf").userMessage == "Can't find /home/an/essay.pdf")
        #expect(UploadQueueError.unreadable(path: "/a", reason: "permission denied").userMessage
            == "Can't read /a: permission denied")
        #expect(UploadQueueError.notWritable(path: "/d", reason: "the disk is full").userMessage
            == "Can't save to the upload queue in /d: the disk is full")
        #expect(UploadQueueError.jobNotFound(id: "x").userMessage == "Upload x is no longer in the queue")
        #expect(userMessage(for: UploadQueueError.inUse(id: "x")) == "Upload x is being sent right now; try again when it finishes")
    }
}

struct UploadStoreSingleJobTests {
    @Test func oneJobIsReadByItsIDAndAnUnknownOneIsNil() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("single-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = UploadStore(directory: directory, clock: .live)
        #expect(try store.job("20261129-170512-3f9a2c") == nil, "no queue yet")
        let source = directory.appendingPathComponent("a.txt")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("a".utf8).write(to: source)
        let queued = try store.enqueue(file: source, course: CourseID(1), backend: "offline")
        #expect(try store.job(queued.id) == queued)
        #expect(try store.job("../jobs") == nil)
        try store.remove(queued.id)
        #expect(try store.job(queued.id) == nil)
    }
}
