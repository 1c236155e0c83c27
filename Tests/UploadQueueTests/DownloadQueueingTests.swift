import Foundation
import Testing
import CourseKit
@testable import FileSystem
import TestSupport
@testable import UploadQueue

/// Where a download is queued to when something is already there: a part that is not ours, an
/// earlier failed try of the same file, a copy identical to what a download would write.
struct DownloadQueueingTests {
    let fixture: DownloadFixture

    init() throws {
        fixture = try DownloadFixture()
    }

    private func write(_ text: String, at path: String) throws {
        try FileManager.default.createDirectory(
            at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true
        )
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// A course file may be named like another's part (`notes.pdf.part` beside `notes.pdf`): parts
    /// are hidden and named by their jobs, so neither download takes the other file for its part.
    @Test func aFileNamedLikeAPartIsNeverTakenForOne() async throws {
        let other = fixture.path("notes.pdf") + ".part"
        try write("not yours!!", at: other)
        let job = try #require(try fixture.enqueue([fixture.file()]).queued.first)
        #expect(job.download?.destination == fixture.path("notes.pdf"))
        let part = fixture.part(of: job)
        #expect(part != other && URL(fileURLWithPath: part).lastPathComponent.hasPrefix("."), "\(part)")

        try await fixture.engine(serving("hello world")).runDueJobs()
        #expect(contents(other) == "not yours!!")
        #expect(contents(fixture.path("notes.pdf")) == "hello world")
        #expect(!FileManager.default.fileExists(atPath: part))
    }

    /// A job left queued by a sync into one folder is not taken for a sync into another: the
    /// second queues its own, so each file goes where its run was told.
    @Test func aJobQueuedIntoAnotherFolderIsNotThisBatchs() throws {
        func batch(into folder: String) -> DownloadBatch {
            DownloadBatch(
                course: fixture.course, courseFolder: "BIO 101", entries: [DownloadBatch.Entry(file: fixture.file(), folderPath: [])],
                directory: fixture.root.appendingPathComponent(folder)
            )
        }
        let first = try fixture.store.enqueueDownloads(batch(into: "A"), backend: fixture.backend, downloadDirectory: fixture.root)
        let second = try fixture.store.enqueueDownloads(batch(into: "B"), backend: fixture.backend, downloadDirectory: fixture.root)
        #expect(first.queued.first?.download?.destination == fixture.root.appendingPathComponent("A/notes.pdf").path)
        #expect(second.alreadyQueued.isEmpty && second.earlierJobs.isEmpty)
        #expect(second.queued.first?.download?.destination == fixture.root.appendingPathComponent("B/notes.pdf").path)
        let again = try fixture.store.enqueueDownloads(batch(into: "B"), backend: fixture.backend, downloadDirectory: fixture.root)
        let secondJob = try #require(second.queued.first)
        #expect(again.queued.isEmpty && again.earlierJobs == [secondJob.id])
    }

    /// `~/dl-old` is not inside `~/dl`, though its path starts with it: a job queued into one is
    /// not taken for the other's.
    @Test func aFolderWhoseNameStartsWithAnothersIsNotInsideIt() throws {
        func batch(into folder: String) -> DownloadBatch {
            DownloadBatch(
                course: fixture.course, courseFolder: "BIO 101", entries: [DownloadBatch.Entry(file: fixture.file(), folderPath: [])],
                directory: fixture.root.appendingPathComponent(folder)
            )
        }
        _ = try fixture.store.enqueueDownloads(batch(into: "dl-old"), backend: fixture.backend, downloadDirectory: fixture.root)
        let plain = try fixture.store.enqueueDownloads(batch(into: "dl"), backend: fixture.backend, downloadDirectory: fixture.root)
        #expect(plain.alreadyQueued.isEmpty && plain.earlierJobs.isEmpty)
        #expect(plain.queued.first?.download?.destination == fixture.root.appendingPathComponent("dl/notes.pdf").path)
        #expect(!DownloadPlace.isInside(fixture.root.appendingPathComponent("dl"), fixture.root.appendingPathComponent("dl-old/notes.pdf").path))
        #expect(DownloadPlace.isInside(fixture.root.appendingPathComponent("dl/"), fixture.root.appendingPathComponent("dl/notes.pdf").path))
    }

    /// A file named as a folder beside it (Canvas allows both in one parent) gets a numbered
    /// name, so the folder can be made for the files inside it, whichever comes first.
    @Test func aFileNamedAsAFolderBesideItGetsANumberedName() throws {
        let batch = DownloadBatch(course: fixture.course, courseFolder: "BIO 101", entries: [
            DownloadBatch.Entry(file: fixture.file(id: "7", name: "Week 1"), folderPath: []),
            DownloadBatch.Entry(file: fixture.file(id: "8", name: "notes.pdf"), folderPath: ["Week 1"]),
        ])
        let outcome = try fixture.store.enqueueDownloads(batch, backend: fixture.backend, downloadDirectory: fixture.root)
        let course = fixture.root.appendingPathComponent("coursebrowser/BIO 101")
        #expect(outcome.queued.compactMap { $0.download?.destination } == [
            course.appendingPathComponent("Week 1 (2)").path, course.appendingPathComponent("Week 1/notes.pdf").path,
        ])
    }

    /// A folder inside the run's folder that is the user's symbolic link to elsewhere is not
    /// written through: the job fails saying so, and nothing lands at the link's target.
    @Test func aFolderThatIsASymbolicLinkIsRefused() async throws {
        let target = fixture.root.appendingPathComponent("mine")
        let elsewhere = fixture.root.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: target.appendingPathComponent("Week 1"), withDestinationURL: elsewhere)
        let batch = DownloadBatch(
            course: fixture.course, courseFolder: "BIO 101",
            entries: [DownloadBatch.Entry(file: fixture.file(), folderPath: ["Week 1"])], directory: target
        )
        let job = try #require(try fixture.store.enqueueDownloads(batch, backend: fixture.backend, downloadDirectory: fixture.root).queued.first)
        try await fixture.engine(serving("hello world")).runDueJobs()
        let link = target.appendingPathComponent("Week 1").path
        #expect(try fixture.job(job.id)?.state == .failed(
            reason: "Can't save into \(link): it is a symbolic link, and files go only into real folders below \(target.path)"
        ))
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
    }

    @Test func twoFilesOfOneNameNeverShareAPart() throws {
        let outcome = try fixture.enqueue([fixture.file(id: "7"), fixture.file(id: "8")])
        let places = outcome.queued.compactMap { $0.download?.destination }
        #expect(places == [fixture.path("notes.pdf"), fixture.path("notes (2).pdf")])
    }

    @Test func aFailedDownloadOfTheFileIsTriedAgainNotQueuedTwice() async throws {
        let file = fixture.file()
        let first = try #require(try fixture.enqueue([file]).queued.first)
        try await fixture.engine { _ in throw DownloadError.cannotSave(path: "x", reason: "it broke") }.runDueJobs()
        #expect(try fixture.job(first.id)?.state.isFailed == true)

        let again = try fixture.enqueue([file])
        #expect(again.queued.isEmpty)
        #expect(again.alreadyQueued == [file.id])
        #expect(try fixture.job(first.id)?.state == .queued)
        #expect(try fixture.store.jobs().count == 1)
    }

    @Test func aFailedDownloadOfAnOlderVersionMakesWayForTheNewOne() async throws {
        let first = try #require(try fixture.enqueue([fixture.file(size: 11)]).queued.first)
        try await fixture.engine { _ in throw DownloadError.cannotSave(path: "x", reason: "it broke") }.runDueJobs()

        let newer = fixture.file(size: 12, updatedAt: Date(timeIntervalSince1970: 1_800_000_000))
        let again = try fixture.enqueue([newer])
        let job = try #require(again.queued.first)
        #expect(try fixture.job(first.id) == nil, "the stale try was removed")
        #expect(job.download?.destination == fixture.path("notes.pdf"), "and its place freed")
    }

    /// A file that changed on the server while an earlier run's job for it waited (queued, or left
    /// mid-way by a killed process) is queued again for its new version; the old job would fetch
    /// bytes it does not expect.
    @Test func aWaitingDownloadOfAnOlderVersionMakesWayForTheNewOne() throws {
        let first = try #require(try fixture.enqueue([fixture.file(size: 11)]).queued.first)
        let newer = fixture.file(size: 12, updatedAt: Date(timeIntervalSince1970: 1_800_000_000))
        let again = try fixture.enqueue([newer])
        let job = try #require(again.queued.first)
        #expect(try fixture.job(first.id) == nil, "the old version's job was removed")
        #expect(job.download?.size == 12 && job.download?.destination == fixture.path("notes.pdf"))
        #expect(again.alreadyQueued.isEmpty)
    }

    /// One another process is working on is left to it, and waited for.
    @Test func anOlderVersionsDownloadUnderWayElsewhereIsLeftToIt() throws {
        let first = try #require(try fixture.enqueue([fixture.file(size: 11)]).queued.first)
        let claim = try #require(try fixture.store.claim(first.id))
        defer { claim.release() }
        let again = try fixture.enqueue([fixture.file(size: 12, updatedAt: Date(timeIntervalSince1970: 1_800_000_000))])
        #expect(again.queued.isEmpty && again.earlierJobs == [first.id])
        #expect(try fixture.job(first.id) != nil)
    }

    @Test func aCopyIdenticalToTheDownloadIsTakenAsCurrent() throws {
        let file = fixture.file()
        let path = fixture.path("notes.pdf")
        try write("hello world", at: path)
        let updatedAt = try #require(file.updatedAt)
        try FileManager.default.setAttributes([.modificationDate: updatedAt], ofItemAtPath: path)

        let outcome = try fixture.enqueue([file])
        #expect(outcome.queued.isEmpty)
        #expect(outcome.current[file.id]?.path == path)
        #expect(fixture.records.currentCopies(of: [file], backend: fixture.backend, course: fixture.course)[file.id]?.path == path)
    }

    @Test func aCopyOfAnotherDateIsNotTakenAndKeepsItsName() throws {
        let path = fixture.path("notes.pdf")
        try write("hello world", at: path)
        let outcome = try fixture.enqueue([fixture.file()])
        #expect(outcome.current.isEmpty)
        #expect(outcome.queued.count == 1)
    }

    @Test func runningOnlySomeJobsLeavesTheRestQueued() async throws {
        let outcome = try fixture.enqueue([fixture.file(id: "7", name: "a.pdf"), fixture.file(id: "8", name: "b.pdf")])
        let (first, second) = (outcome.queued[0], outcome.queued[1])
        let tried = try await fixture.engine(serving("hello world")).runDueJobs(only: [second.id])
        #expect(tried == 1)
        #expect(try fixture.job(first.id)?.state == .queued)
        #expect(try fixture.job(second.id)?.state == .done)
    }
}
