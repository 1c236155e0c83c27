import Foundation
import Testing
import CourseKit
@testable import FileSystem
import TestSupport
@testable import UploadQueue

struct DownloadEngineTests {
    let fixture: DownloadFixture

    init() throws {
        fixture = try DownloadFixture()
    }

    @Test func aWholeDownloadLandsWithItsBytesTimeAndModeAndIsRecorded() async throws {
        let file = fixture.file()
        let job = try #require(try fixture.enqueue([file]).queued.first)
        try await fixture.engine(serving("hello world")).runDueJobs()

        let path = fixture.path("notes.pdf")
        #expect(try fixture.job(job.id)?.state == .done)
        #expect(contents(path) == "hello world")
        #expect(permissionBits(path) == 0o644)
        #expect(permissionBits(URL(fileURLWithPath: path).deletingLastPathComponent().path) == 0o755)
        let modified = try #require(modificationDate(path))
        #expect(abs(modified.timeIntervalSince(try #require(file.updatedAt))) < 0.001)
        #expect(!FileManager.default.fileExists(atPath: fixture.part(of: job)))
        #expect(try fixture.job(job.id)?.sourcePath == path)
        let entry = try #require(fixture.records.entry(backend: fixture.backend, course: fixture.course, fileID: "7"))
        #expect(entry.path == path && entry.size == 11 && entry.validator == "\"v1\"")
        #expect(fixture.records.currentCopies(of: [file], backend: fixture.backend, course: fixture.course)[file.id] == LocalPath(path))
    }

    @Test func aDownloadKilledMidwayResumesFromThePartWithTheStoredValidator() async throws {
        var job = try #require(try fixture.enqueue([fixture.file()]).queued.first)
        // What a process killed with SIGKILL leaves: the record says uploading, the part holds a prefix.
        job.state = .uploading
        job.download?.validator = "\"v1\""
        try fixture.store.update(job)
        try FileManager.default.createDirectory(
            at: URL(fileURLWithPath: fixture.path("")), withIntermediateDirectories: true
        )
        try Data("hello ".utf8).write(to: URL(fileURLWithPath: fixture.part(of: job)))

        let asked = Shared<[String]>([])
        try await fixture.engine { request in
            let have = Files.size(of: request.part.path) ?? -1
            asked.modify { $0.append("\(request.validator ?? "none") from \(have)") }
            let handle = try FileHandle(forWritingTo: request.part)
            try handle.seekToEnd()
            try handle.write(contentsOf: Data("world".utf8))
            try handle.close()
        }.runDueJobs()

        #expect(asked.value == ["\"v1\" from 6"])
        #expect(contents(fixture.path("notes.pdf")) == "hello world")
        #expect(try fixture.job(job.id)?.state == .done)
    }

    @Test func aValidatorRememberedBeforeAFailureIsKeptForTheNextAttempt() async throws {
        let job = try #require(try fixture.enqueue([fixture.file()]).queued.first)
        try await fixture.engine { request in
            try await request.remember("\"v2\"")
            try Data("hel".utf8).write(to: request.part)
            throw TestFailure("connection reset", transient: true)
        }.runDueJobs()
        let stored = try #require(try fixture.job(job.id))
        #expect(stored.download?.validator == "\"v2\"")
        #expect(stored.state.name == "waiting")
    }

    @Test func aBodyLongerThanListedFailsAndLeavesNothing() async throws {
        let job = try #require(try fixture.enqueue([fixture.file(size: 5)]).queued.first)
        try await fixture.engine(serving("hello world")).runDueJobs()
        #expect(try fixture.job(job.id)?.state == .failed(reason: "notes.pdf arrived with 11 bytes, but the course lists 5; nothing was saved"))
        #expect(!FileManager.default.fileExists(atPath: fixture.part(of: job)))
        #expect(!FileManager.default.fileExists(atPath: fixture.path("notes.pdf")))
    }

    @Test func aBodyCutShortWaitsAndKeepsThePart() async throws {
        let job = try #require(try fixture.enqueue([fixture.file()]).queued.first)
        try await fixture.engine(serving("hel")).runDueJobs()
        let state = try #require(try fixture.job(job.id)?.state)
        #expect(state.name == "waiting")
        #expect(state.isRetryable)
        #expect(contents(fixture.part(of: job)) == "hel")
        #expect(!FileManager.default.fileExists(atPath: fixture.path("notes.pdf")))
    }

    @Test func aNameTakenByTheUsersOwnFileGetsANumber() async throws {
        try FileManager.default.createDirectory(at: URL(fileURLWithPath: fixture.path("")), withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: fixture.path("notes.pdf")))
        let job = try #require(try fixture.enqueue([fixture.file()]).queued.first)
        try await fixture.engine(serving("hello world")).runDueJobs()
        #expect(contents(fixture.path("notes.pdf")) == "mine")
        #expect(contents(fixture.path("notes (2).pdf")) == "hello world")
        #expect(try fixture.job(job.id)?.sourcePath == fixture.path("notes (2).pdf"))
    }

    @Test func ourEarlierDownloadIsReplacedWhenTheFileChanges() async throws {
        try fixture.enqueue([fixture.file()])
        try await fixture.engine(serving("hello world")).runDueJobs()

        let changed = fixture.file(size: 13, updatedAt: Date(timeIntervalSince1970: 1_700_100_000))
        let outcome = try fixture.enqueue([changed])
        #expect(outcome.changed == ["7"])
        let job = try #require(outcome.queued.first)
        #expect(job.download?.destination == fixture.path("notes.pdf"))
        try await fixture.engine(serving("hello, world!", validator: "\"v2\"")).runDueJobs()

        #expect(try fixture.job(job.id)?.state == .done)
        #expect(contents(fixture.path("notes.pdf")) == "hello, world!")
        #expect(!FileManager.default.fileExists(atPath: fixture.path("notes (2).pdf")))
        #expect(fixture.records.currentCopies(of: [changed], backend: fixture.backend, course: fixture.course)[changed.id] == LocalPath(fixture.path("notes.pdf")))
    }

    @Test func ourEarlierDownloadThatTheUserEditedIsKept() async throws {
        try fixture.enqueue([fixture.file()])
        try await fixture.engine(serving("hello world")).runDueJobs()
        try Data("my annotations".utf8).write(to: URL(fileURLWithPath: fixture.path("notes.pdf")))

        let outcome = try fixture.enqueue([fixture.file(size: 13, updatedAt: Date(timeIntervalSince1970: 1_700_100_000))])
        #expect(outcome.changed == ["7"])
        try await fixture.engine(serving("hello, world!")).runDueJobs()
        #expect(contents(fixture.path("notes.pdf")) == "my annotations")
        #expect(contents(fixture.path("notes (2).pdf")) == "hello, world!")
    }

    @Test func aFullDiskFailsTheJobAndPutsNothingUnderTheFinalName() async throws {
        let job = try #require(try fixture.enqueue([fixture.file()]).queued.first)
        try await fixture.engine { request in
            try Data("hel".utf8).write(to: request.part)
            throw FileSystemError(code: ENOSPC, path: request.part.path)
        }.runDueJobs()
        let part = fixture.part(of: job)
        #expect(try fixture.job(job.id)?.state == .failed(reason: "Can't save \(part): the disk is full; free some space and retry"))
        #expect(contents(part) == "hel", "the bytes so far are a prefix, kept for the retry")
        #expect(!FileManager.default.fileExists(atPath: fixture.path("notes.pdf")))
    }

    @Test func aQuotaUsedUpSaidAsAnErrnoFailsTheJobToo() async throws {
        let job = try #require(try fixture.enqueue([fixture.file()]).queued.first)
        try await fixture.engine { _ in throw POSIXError(.EDQUOT) }.runDueJobs()
        #expect(try fixture.job(job.id)?.state.isFailed == true)
        #expect(try fixture.job(job.id)?.lastError?.contains("quota") == true)
    }

    /// Writing fails in ways waiting won't cure: a read-only folder, a symbolic link loop where
    /// the part goes, a name the file system refuses. The job fails at once with the reason,
    /// rather than waiting and trying again for ever.
    @Test(arguments: [EROFS, ELOOP, ENAMETOOLONG, EACCES])
    func aLocalFailureToWriteFailsTheJobAtOnceWithItsReason(code: Int32) async throws {
        let job = try #require(try fixture.enqueue([fixture.file()]).queued.first)
        let part = fixture.part(of: job)
        try await fixture.engine { _ in throw FileSystemError(code: code, path: part) }.runDueJobs()
        let state = try #require(try fixture.job(job.id)?.state)
        #expect(state == .failed(reason: "Can't save \(part): \(FileSystemError(code: code, path: part).reason)"))
    }

    /// A process killed after putting the file in place and before recording it leaves the file
    /// and no part: the retry knows the file by its size and time, records it, and fetches nothing.
    @Test func aFilePlacedByAKilledAttemptIsRecognisedAndNeverCopiedAgain() async throws {
        let file = fixture.file()
        var job = try #require(try fixture.enqueue([file]).queued.first)
        job.state = .uploading
        try fixture.store.update(job)
        let path = fixture.path("notes.pdf")
        try FileManager.default.createDirectory(at: URL(fileURLWithPath: fixture.path("")), withIntermediateDirectories: true)
        try Data("hello world".utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.modificationDate: try #require(file.updatedAt)], ofItemAtPath: path)

        try await fixture.engine { _ in throw TestFailure("asked again", transient: false) }.runDueJobs()
        #expect(try fixture.job(job.id)?.state == .done)
        #expect(try fixture.job(job.id)?.sourcePath == path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.path("")) == ["notes.pdf"])
        #expect(fixture.records.currentCopies(of: [file], backend: fixture.backend, course: fixture.course)[file.id] == LocalPath(path))
    }

    /// A file of that name the user has, or an older version, is not taken for the job's own.
    @Test func aFileOfAnotherTimeUnderTheNameIsNotTakenForTheJobsOwn() async throws {
        let file = fixture.file()
        let job = try #require(try fixture.enqueue([file]).queued.first)
        let path = fixture.path("notes.pdf")
        try FileManager.default.createDirectory(at: URL(fileURLWithPath: fixture.path("")), withIntermediateDirectories: true)
        try Data("hello WORLD".utf8).write(to: URL(fileURLWithPath: path))
        try await fixture.engine(serving("hello world")).runDueJobs()
        #expect(try fixture.job(job.id)?.state == .done)
        #expect(contents(path) == "hello WORLD")
        #expect(contents(fixture.path("notes (2).pdf")) == "hello world")
    }

    @Test func aWholePartLeftByAKilledProcessIsPutInPlaceWithoutAskingAgain() async throws {
        var job = try #require(try fixture.enqueue([fixture.file()]).queued.first)
        job.state = .uploading
        try fixture.store.update(job)
        try FileManager.default.createDirectory(at: URL(fileURLWithPath: fixture.path("")), withIntermediateDirectories: true)
        try Data("hello world".utf8).write(to: URL(fileURLWithPath: fixture.part(of: job)))
        try await fixture.engine { _ in throw TestFailure("asked again", transient: false) }.runDueJobs()
        #expect(try fixture.job(job.id)?.state == .done)
        #expect(contents(fixture.path("notes.pdf")) == "hello world")
    }

    /// A link planted where the part should be, to a file of the listed size, is not followed:
    /// the file it leads to keeps its mode and time, and no link is put in place.
    @Test func aLinkPlantedAsThePartIsNotFollowed() async throws {
        var job = try #require(try fixture.enqueue([fixture.file()]).queued.first)
        job.state = .uploading
        try fixture.store.update(job)
        try FileManager.default.createDirectory(at: URL(fileURLWithPath: fixture.path("")), withIntermediateDirectories: true)
        let secret = fixture.root.appendingPathComponent("secret.txt")
        try Data("hello world".utf8).write(to: secret)
        try FileManager.default.setAttributes([.posixPermissions: 0o600, .modificationDate: Date(timeIntervalSince1970: 1_600_000_000)], ofItemAtPath: secret.path)
        try FileManager.default.createSymbolicLink(atPath: fixture.part(of: job), withDestinationPath: secret.path)

        try await fixture.engine { _ in throw TestFailure("asked again", transient: false) }.runDueJobs()
        #expect(try fixture.job(job.id)?.state.isFailed == true)
        #expect(permissionBits(secret.path) == 0o600)
        #expect(modificationDate(secret.path) == Date(timeIntervalSince1970: 1_600_000_000))
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: fixture.path("notes.pdf"))) == nil, "no link is put in place")
    }

    @Test func aDownloadThatCantBeRecordedGoesBackToItsPartAndIsPlacedOnRetry() async throws {
        let job = try #require(try fixture.enqueue([fixture.file()]).queued.first)
        // A file where the record's folder should be: recording fails as a full disk would.
        try FileManager.default.removeItem(at: fixture.records.directory)
        try Data().write(to: fixture.records.directory)
        let engine = fixture.engine(serving("hello world"))
        try await engine.runDueJobs()
        #expect(try fixture.job(job.id)?.state.isFailed == true)
        #expect(!FileManager.default.fileExists(atPath: fixture.path("notes.pdf")))
        #expect(contents(fixture.part(of: job)) == "hello world")

        try FileManager.default.removeItem(at: fixture.records.directory)
        try await engine.retry(job.id)
        try await engine.runDueJobs()
        #expect(try fixture.job(job.id)?.state == .done)
        #expect(contents(fixture.path("notes.pdf")) == "hello world")
        #expect(!FileManager.default.fileExists(atPath: fixture.path("notes (2).pdf")))
    }
}
