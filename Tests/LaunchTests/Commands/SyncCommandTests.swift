import CourseKit
import Foundation
@testable import Launch
import Synchronization
import Testing

/// `sync` on a fake course, queue and engine: what it queues, what it waits for, what it says
/// of each file, and how it exits.
@Suite struct SyncCommandTests {
    static let folders = [
        CourseFolder(id: "1", fullName: "course files"),
        CourseFolder(id: "2", parentID: "1", fullName: "course files/Lectures"),
        CourseFolder(id: "3", parentID: "2", fullName: "course files/Lectures/Week 1"),
    ]
    static let url = URL(string: "https://school.example/files/1/download")
    static let files = CourseFiles(folders: folders, files: [
        CourseFile(id: "10", folderID: "1", name: "syllabus.pdf", size: 100, downloadURL: url),
        CourseFile(id: "11", folderID: "3", name: "notes.pdf", size: 200, downloadURL: url),
        CourseFile(id: "12", folderID: "2", name: "slides.pdf", size: 300, downloadURL: url),
        CourseFile(id: "13", folderID: "2", name: "exam.pdf", isLocked: true, lockExplanation: "Locked until May 1."),
        CourseFile(id: "14", folderID: "1", name: "old.pdf", size: 50, downloadURL: url),
    ])

    /// What the fakes saw and printed.
    final class Recorded: Sendable {
        let batches = Mutex<[DownloadBatch]>([])
        let drained = Mutex<[Set<String>]>([])
        let printed = Mutex<[String]>([])
        let errors = Mutex<[String]>([])
        let jobs = Mutex<[UploadJob]>([])
    }

    static func job(_ id: String, file: String, state: UploadJob.State, course: CourseID = CourseID(5)) -> UploadJob {
        var job = UploadJob(
            id: id, courseID: course, fileName: file, sourcePath: "/dl/\(file)", size: 1, backend: "offline", queuedAt: Date(timeIntervalSince1970: 0)
        )
        job.download = UploadJob.Download(fileID: file, destination: "/dl/\(file)")
        job.state = state
        return job
    }

    /// Dependencies whose queue queues `queued` (file IDs), finds `current` up to date, refuses the
    /// locked one, and whose drain ends each job as `ends` says (done unless named).
    static func dependencies(
        _ recorded: Recorded, queued: [String] = ["10", "11", "12"], changed: Set<String> = ["12"], current: [String] = ["14"],
        alreadyQueued: [String] = [], earlierJobs: [String] = [], ends: [String: UploadJob.State] = [:], files: Result<CourseFiles, any Error> = .success(files)
    ) -> SyncCommand.Dependencies {
        SyncCommand.Dependencies(
            courseFolder: { _ in "BIO 101" },
            files: { _ in try files.get() },
            enqueue: { batch in
                recorded.batches.withLock { $0.append(batch) }
                let jobs = queued.map { job("job-\($0)", file: $0, state: .queued) }
                recorded.jobs.withLock { $0 += jobs }
                var refused: [String: String] = [:]
                for entry in batch.entries where entry.file.isLocked { refused[entry.file.id] = "refused: locked" }
                return DownloadBatch.Outcome(
                    queued: jobs, changed: changed, current: Dictionary(uniqueKeysWithValues: current.map { ($0, LocalPath("/dl/up/\($0)")) }),
                    alreadyQueued: alreadyQueued, earlierJobs: earlierJobs, refused: refused
                )
            },
            jobs: { recorded.jobs.withLock { $0 } },
            drain: { ids in
                recorded.drained.withLock { $0.append(ids) }
                recorded.jobs.withLock { jobs in
                    for index in jobs.indices where ids.contains(jobs[index].id) {
                        let fileID = jobs[index].download?.fileID ?? ""
                        jobs[index].state = ends[fileID] ?? .done
                        jobs[index].files[0].source = LocalPath("/dl/final/\(fileID)")
                    }
                }
            },
            progress: { [:] },
            say: { line in recorded.printed.withLock { $0.append(line) } },
            printError: { message in recorded.errors.withLock { $0.append(message) } },
            showProgress: nil
        )
    }

    @Test func itQueuesEveryFileWithItsFoldersUnderTheCourseCodeAndWaitsForThoseQueued() async {
        let recorded = Recorded()
        let status = await SyncCommand.sync(course: CourseID(5), json: false, using: Self.dependencies(recorded))
        #expect(status == 0)
        let batch = recorded.batches.withLock { $0 }.first
        #expect(batch?.course == CourseID(5))
        #expect(batch?.courseFolder == "BIO 101")
        #expect(batch?.entries.map(\.file.id) == ["10", "11", "12", "13", "14"])
        #expect(batch?.entries.map(\.folderPath) == [[], ["Lectures", "Week 1"], ["Lectures"], ["Lectures"], []])
        #expect(recorded.drained.withLock { $0 } == [["job-10", "job-11", "job-12"]])
    }

    @Test func itSaysWhatBecameOfEachFileThenCountsThem() async {
        let recorded = Recorded()
        _ = await SyncCommand.sync(course: CourseID(5), json: false, using: Self.dependencies(recorded))
        #expect(recorded.printed.withLock { $0 } == [
            "new syllabus.pdf → /dl/final/10",
            "new Lectures/Week 1/notes.pdf → /dl/final/11",
            "changed Lectures/slides.pdf → /dl/final/12",
            "locked Lectures/exam.pdf: Locked until May 1.",
            "5 files, 2 new, 1 changed, 1 up to date, 0 failed, 1 locked",
        ])
    }

    @Test func aFailedDownloadIsSaidWithItsReasonAndExitsOne() async {
        let recorded = Recorded()
        let deps = Self.dependencies(recorded, ends: ["11": .failed(reason: "No space left on device"), "10": .waiting(until: .distantFuture, reason: "Can't reach school.example")])
        let status = await SyncCommand.sync(course: CourseID(5), json: false, using: deps)
        #expect(status == 1)
        let printed = recorded.printed.withLock { $0 }
        #expect(printed.contains("failed Lectures/Week 1/notes.pdf: No space left on device"))
        #expect(printed.contains("failed syllabus.pdf: Can't reach school.example; it stays queued and is retried later"))
        #expect(printed.last == "5 files, 0 new, 1 changed, 1 up to date, 2 failed, 1 locked")
    }

    @Test func nothingNewQueuesNothingAndWaitsForNothing() async {
        let recorded = Recorded()
        let deps = Self.dependencies(recorded, queued: [], changed: [], current: ["10", "11", "12", "14"])
        #expect(await SyncCommand.sync(course: CourseID(5), json: false, using: deps) == 0)
        #expect(recorded.drained.withLock { $0 }.isEmpty)
        #expect(recorded.printed.withLock { $0 }.last == "5 files, 0 new, 0 changed, 4 up to date, 0 failed, 1 locked")
    }

    /// The job the queue names for a file already queued is waited for, and no other job of that
    /// file: one of another course, or one queued into another folder, is not this run's.
    @Test func aFileAlreadyQueuedIsWaitedForToo() async {
        let recorded = Recorded()
        let earlier = Self.job("job-old", file: "11", state: .queued)
        let elsewhere = Self.job("job-elsewhere", file: "11", state: .queued)
        recorded.jobs.withLock { $0 = [elsewhere, earlier, Self.job("other-course", file: "11", state: .queued, course: CourseID(6))] }
        let deps = Self.dependencies(recorded, queued: ["10", "12"], alreadyQueued: ["11"], earlierJobs: ["job-old"])
        #expect(await SyncCommand.sync(course: CourseID(5), json: false, using: deps) == 0)
        #expect(recorded.drained.withLock { $0 } == [["job-10", "job-12", "job-old"]])
        #expect(recorded.printed.withLock { $0 }.contains("new Lectures/Week 1/notes.pdf → /dl/final/11"))
    }

    @Test func jsonGivesTheCountsAndEveryFile() async throws {
        let recorded = Recorded()
        let deps = Self.dependencies(recorded, ends: ["11": .failed(reason: "gone")])
        #expect(await SyncCommand.sync(course: CourseID(5), json: true, using: deps) == 1)
        let text = try #require(recorded.printed.withLock { $0 }.first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["total"] as? Int == 5)
        #expect(object["new"] as? Int == 1)
        #expect(object["changed"] as? Int == 1)
        #expect(object["up_to_date"] as? Int == 1)
        #expect(object["failed"] as? Int == 1)
        #expect(object["locked"] as? Int == 1)
        let files = try #require(object["files"] as? [[String: Any]])
        #expect(files.map { $0["id"] as? String } == ["10", "11", "12", "13", "14"])
        #expect(files.map { $0["status"] as? String } == ["new", "failed", "changed", "locked", "up_to_date"])
        #expect(files.map { $0["path"] as? String } == ["/dl/final/10", "/dl/11", "/dl/final/12", nil, "/dl/up/14"])
        #expect(files[1]["reason"] as? String == "gone")
        #expect(files[1]["folder"] as? String == "Lectures/Week 1")
        #expect(files[3]["reason"] as? String == "Locked until May 1.")
    }

    @Test func aCourseThatCannotBeListedIsAnErrorAndExitsOne() async {
        let recorded = Recorded()
        let deps = Self.dependencies(recorded, files: .failure(CourseNotFound(id: CourseID(5))))
        #expect(await SyncCommand.sync(course: CourseID(5), json: false, using: deps) == 1)
        #expect(recorded.errors.withLock { $0 } == [CourseNotFound(id: CourseID(5)).userMessage])
        #expect(recorded.batches.withLock { $0 }.isEmpty)
        #expect(recorded.printed.withLock { $0 }.isEmpty)
    }

    @Test func withJSONAFailureIsAlsoTheErrorObjectOnStandardOutput() async throws {
        let recorded = Recorded()
        let deps = Self.dependencies(recorded, files: .failure(CourseNotFound(id: CourseID(5))))
        #expect(await SyncCommand.sync(course: CourseID(5), json: true, using: deps) == 1)
        #expect(recorded.errors.withLock { $0 } == [CourseNotFound(id: CourseID(5)).userMessage])
        let printed = recorded.printed.withLock { $0 }
        #expect(printed.count == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data((printed.first ?? "").utf8)) as? [String: [String: String]])
        #expect(object["error"] == ["kind": "not_found", "message": "No course with ID 5"])
    }

    @Test func theProgressLineCountsFinishedJobsAndShowsTheRunningOne() {
        var running = Self.job("b", file: "11", state: .uploading)
        running.download?.size = 400
        let line = SyncCommand.progressLine([Self.job("a", file: "10", state: .done), running, Self.job("c", file: "12", state: .queued)], progress: [
            "b": UploadProgress(sentBytes: 100, startedAt: Date()),
        ])
        #expect(line == "downloading 2 of 3 · 11 25%")
    }
}
