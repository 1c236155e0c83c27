import Foundation
import Testing
@testable import CourseBrowser
import CourseKit
import HTMLText
import TerminalUI
import TestSupport

@MainActor
struct UploadsPaneTests {
    let now = Fixtures.start

    func job(_ name: String, _ state: UploadJob.State, size: Int64 = 2_100_000) -> UploadJob {
        UploadJob(id: name, courseID: CourseID(101), fileName: name, sourcePath: "/home/an/\(name)", size: size,
                  backend: "offline", queuedAt: now, state: state, attempts: 1)
    }

    func pane(_ jobs: [UploadJob], queue: UploadQueueClient = .noOp, progress: [String: UploadProgress] = [:]) async -> UploadsPane {
        var environment = Fixtures.environment()
        var client = queue
        client.jobs = { jobs }
        client.progressUpdates = { AsyncStream { $0.yield(progress) } }
        environment.uploadQueue = client
        let pane = UploadsPane(environment: environment)
        pane.start()
        await settle { pane.state.queue.value != nil }
        return pane
    }

    func render(_ pane: UploadsPane, width: Int = 100, focused: Bool = false) -> [String] {
        pane.lines(width: width, height: 8, focused: focused)
    }

    @Test func thePaneAnimatesOnlyWhileAJobIsBeingSent() async {
        #expect(!(await pane([job("essay.pdf", .done), job("lab3.zip", .queued)])).isAnimating)
        let sending = await pane([job("essay.pdf", .done), job("video.mp4", .uploading)])
        #expect(sending.isAnimating)
        // A change this process made, applied in memory, is seen at once.
        _ = sending.update(.changed(.updated(job("video.mp4", .done))))
        #expect(!sending.isAnimating)
    }

    /// What the queue tells of progress: each follower's stream, kept so the test tells them.
    final class ProgressTeller: Sendable {
        private let followers = Recorder<AsyncStream<[String: UploadProgress]>.Continuation>()
        /// How many followers stopped listening.
        let stopped = Recorder<Int>()

        var count: Int { followers.values.count }

        func stream() -> AsyncStream<[String: UploadProgress]> {
            let (stream, continuation) = AsyncStream.makeStream(of: [String: UploadProgress].self)
            continuation.onTermination = { [stopped] _ in stopped.append(1) }
            followers.append(continuation)
            return stream
        }

        func tell(_ progress: [String: UploadProgress]) {
            followers.values.forEach { $0.yield(progress) }
        }
    }

    /// A pane over `jobs`, whose progress `teller` tells.
    func progressPane(_ jobs: [UploadJob], teller: ProgressTeller) async -> UploadsPane {
        var environment = Fixtures.environment()
        environment.uploadQueue.jobs = { jobs }
        environment.uploadQueue.progressUpdates = { teller.stream() }
        let pane = UploadsPane(environment: environment)
        pane.start()
        await settle { pane.state.queue.value != nil }
        return pane
    }

    /// Lets every pending task run 200 times.
    func letTasksRun() async {
        for _ in 0..<200 { await Task.yield() }
    }

    @Test func thePaneFollowsProgressOnlyWhileAJobIsBeingSent() async {
        let teller = ProgressTeller()
        let pane = await progressPane([job("a", .queued)], teller: teller)
        await letTasksRun()
        #expect(teller.count == 0, "nothing is being sent, so nothing is followed")
        _ = pane.update(.changed(.updated(job("a", .uploading))))
        await settle { teller.count == 1 }
        _ = pane.update(.changed(.updated(job("b", .uploading))))
        await letTasksRun()
        #expect(teller.count == 1, "one following for all the jobs under way")
        _ = pane.update(.changed(.updated(job("a", .done))))
        _ = pane.update(.changed(.updated(job("b", .done))))
        await settle { teller.stopped.values.count == 1 }
        #expect(teller.count == 1)
    }

    @Test func howFarAJobHasGotIsDrawnAsTheQueueTellsIt() async {
        let teller = ProgressTeller()
        let pane = await progressPane([job("video.mp4", .uploading, size: 40_000_000)], teller: teller)
        await settle { teller.count == 1 }
        teller.tell(["video.mp4": UploadProgress(sentBytes: 20_000_000, startedAt: now.addingTimeInterval(-10))])
        await settle { render(pane)[0].hasSuffix("[█████░░░░░] 50%  2.0 MB/s") }
        teller.tell(["video.mp4": UploadProgress(sentBytes: 30_000_000, startedAt: now.addingTimeInterval(-10))])
        await settle { render(pane)[0].hasSuffix("75%  3.0 MB/s") }
    }

    /// A record read from a damaged file may wait until any date a `Double` holds.
    @Test(arguments: [1e300, 1e19, -1e300])
    func aWaitUntilAnyDateDrawsWithoutTrapping(seconds: TimeInterval) async {
        let lines = render(await pane([job("notes.txt", .waiting(until: now.addingTimeInterval(seconds), reason: "Can't reach school.edu"))]), width: 130)
        #expect(lines[0].hasSuffix(seconds > 0 ? "retry in 1000000000s" : "retry in 0s"))
    }

    @Test func filesWhoseSizesTogetherOverflowDrawWithoutTrapping() async {
        let files = [QueuedFile(name: "a.bin", sourcePath: "/a.bin", size: .max), QueuedFile(name: "b.bin", sourcePath: "/b.bin", size: .max)]
        let job = UploadJob(id: "a", courseID: CourseID(101), files: files, backend: "offline", queuedAt: now)
        #expect(job.size == .max)
        let lines = render(await pane([job]))
        #expect(lines[0].contains(" 9223372"), "\(lines)")
    }

    @Test func anEmptyQueueSaysWhatWaitsInIt() async {
        let lines = render(await pane([]))
        #expect(lines[0] == " Nothing queued: hand-ins, uploads and downloads wait here until sent.")
    }

    @Test func everyStateHasItsGlyphAndStatus() async {
        let jobs = [
            job("essay.pdf", .done),
            job("lab3.zip", .failed(reason: "Can't reach school.edu")),
            job("notes.txt", .waiting(until: now.addingTimeInterval(12), reason: "Can't reach school.edu")),
            job("draft.odt", .queued),
            job("video.mp4", .uploading, size: 40_000_000),
        ]
        let progress = ["video.mp4": UploadProgress(sentBytes: 20_000_000, startedAt: now.addingTimeInterval(-10))]
        let pane = await pane(jobs, progress: progress)
        await settle { render(pane)[4].hasSuffix("%  2.0 MB/s") }
        let lines = render(pane)
        #expect(lines[0].hasPrefix(" ✓ essay.pdf"))
        #expect(lines[0].contains("101        2.1 MB    done"))
        #expect(lines[1].hasPrefix(" ❗ lab3.zip"))
        #expect(lines[1].hasSuffix("Can't reach school.edu  [r]etry"))
        #expect(lines[2].hasSuffix("Can't reach school.edu, retry in 12s"))
        #expect(lines[3].hasSuffix("queued"))
        #expect(lines[4].hasSuffix("[█████░░░░░] 50%  2.0 MB/s"))
    }

    @Test func aSubmissionSaysWhereItGoesThenWhatCanvasRecorded() async {
        let files = [QueuedFile(name: "draft.pdf", sourcePath: "/home/an/draft.pdf", size: 1_000_000), QueuedFile(name: "data.csv", sourcePath: "/home/an/data.csv", size: 500_000)]
        let waiting = UploadJob(id: "a", courseID: CourseID(101), files: files, submission: .init(assignmentID: "7", assignmentName: "Project Draft"),
                                backend: "offline", queuedAt: now)
        var handedIn = waiting
        handedIn.id = "b"
        handedIn.state = .done
        handedIn.submission?.receipt = SubmissionAttempt(attempt: 2)
        let lines = render(await pane([waiting, handedIn]))
        #expect(lines[0].hasPrefix(" · draft.pdf +1"))
        #expect(lines[0].contains("101        1.5 MB    queued for Project Draft"))
        #expect(lines[1].hasPrefix(" ✓ draft.pdf +1"))
        #expect(lines[1].hasSuffix("submitted (attempt 2)"))
    }

    @Test func aLongFailureReasonIsCutSoRetryStaysVisibleAndSaidInFullBelow() async {
        let reason = "You don't have permission to add files to course 46: only teachers can add files to a course's Files"
        let lines = render(await pane([job("notes.txt", .failed(reason: reason))]), width: 90)
        #expect(lines[0].hasSuffix("…  [r]etry"))
        #expect(lines[0].displayWidth <= 90)
        #expect(lines[1] == "")
        #expect(lines[2] == " notes.txt: You don't have permission to add files to course 46: only teachers can add")
        #expect(lines[3] == " files to a course's Files")
    }

    @Test func aReasonThatFitsItsRowIsNotRepeated() async {
        let lines = render(await pane([job("lab3.zip", .failed(reason: "Can't reach school.edu"))]), width: 90)
        #expect(lines.filter { $0.contains("Can't reach") }.count == 1)
    }

    @Test func aDamagedJobIsMarkedWithItsReasonAndCanOnlyBeRemoved() async {
        let reason = "/data/queue/jobs/x/job.json is cut short or not a job record; the queued file is kept at /data/queue/jobs/x/payload"
        let pane = await pane([job("(unreadable job x)", .damaged(reason: reason))])
        let lines = render(pane, width: 100, focused: true)
        #expect(lines[0].hasPrefix(" ❗ (unreadable job x)"))
        #expect(!lines[0].contains("[r]etry"))
        #expect(lines.joined(separator: " ").contains("job.json is cut short"))
        #expect(pane.title == "Queue · 1 · 1 failed")
        _ = pane.handle(.character("r"))
        #expect(render(pane, width: 100, focused: true).contains(" The selected upload has nothing to retry"))
        #expect(pane.hints == [KeyHint(key: "↑↓", action: "move"), KeyHint(key: "d", action: "remove")])
    }

    @Test func asciiTerminalsGetAnExclamationMark() async {
        let pane = await pane([job("lab3.zip", .failed(reason: "Server error"))])
        #expect(pane.lines(width: 80, height: 3, glyphs: .ascii)[0].hasPrefix(" ! lab3.zip"))
    }

    @Test func rRetriesTheSelectedFailedJobAndRRetriesAll() async {
        let retried = Recorder<String>()
        var queue = UploadQueueClient.noOp
        queue.retry = { retried.append($0) }
        queue.retryAllFailed = { retried.append("all") }
        let pane = await pane([job("a", .done), job("b", .failed(reason: "x"))], queue: queue)
        _ = pane.handle(.character("r"))
        #expect(render(pane).contains(" The selected upload has nothing to retry"), "a done job has nothing to retry")
        _ = pane.handle(.down)
        #expect(pane.handle(.character("r")))
        #expect(pane.handle(.character("R")))
        await settle { retried.values.count == 2 }
        #expect(Set(retried.values) == ["b", "all"])
    }

    @Test func removalAsksFirstAndOnlyYRemoves() async {
        let removed = Recorder<String>()
        var queue = UploadQueueClient.noOp
        queue.remove = { removed.append($0) }
        let pane = await pane([job("a.txt", .queued), job("b.txt", .done)], queue: queue)
        #expect(pane.handle(.character("d")))
        #expect(render(pane).contains(" Remove a.txt from the queue? y/n"))
        _ = pane.handle(.character("n"))
        #expect(!render(pane).contains { $0.contains("Remove") })
        _ = pane.handle(.character("d"))
        _ = pane.handle(.character("y"))
        await settle { removed.values == ["a.txt"] }
    }

    @Test func aQueueThatCantBeReadIsAnInlineErrorWithRetry() async {
        var environment = Fixtures.environment()
        environment.uploadQueue.jobs = { throw CourseClient.Failure(userMessage: "Can't save to the upload queue in /data: the disk is full") }
        let pane = UploadsPane(environment: environment)
        pane.start()
        await settle { pane.state.queue.failureMessage != nil }
        #expect(render(pane)[0].hasPrefix(" ❗ Couldn't read the upload queue:"))
        #expect(render(pane).joined().contains("[r]etry"))
    }

    @Test func announcedChangesAreAppliedWithoutReadingTheQueueAgain() async {
        let reads = Recorder<Int>()
        let (stream, continuation) = AsyncStream.makeStream(of: UploadChange.self)
        var queue = UploadQueueClient.noOp
        queue.updates = { stream }
        let onDisk = [job("a", .queued), job("b", .queued)]
        queue.jobs = {
            reads.append(1)
            return onDisk
        }
        var environment = Fixtures.environment()
        environment.uploadQueue = queue
        // The frozen clock's sleeps end at once: a pane that looked at the disk on a timer would read it again here.
        let pane = UploadsPane(environment: environment)
        pane.start()
        await settle { pane.state.queue.value != nil }
        continuation.yield(.updated(job("a", .done)))
        continuation.yield(.removed(id: "b"))
        continuation.yield(.updated(job("c", .queued)))
        await settle { pane.state.jobs.map(\.id) == ["a", "c"] }
        #expect(render(pane)[0].hasSuffix("done"))
        #expect(reads.values.count == 1, "the disk is read once, at start")
    }

    @Test func otherProcessesJobsAreReadWhenTheQueueSaysTheDiskChanged() async {
        let jobs = Shared([job("a", .queued)])
        let reads = Recorder<Int>()
        let (changes, disk) = AsyncStream.makeStream(of: Void.self)
        var queue = UploadQueueClient.noOp
        queue.jobs = {
            reads.append(1)
            return jobs.value
        }
        queue.changesOnDisk = { changes }
        var environment = Fixtures.environment()
        environment.uploadQueue = queue
        let pane = UploadsPane(environment: environment)
        pane.start()
        await settle { pane.state.queue.value != nil }
        jobs.value = [job("a", .queued), job("from another shell", .queued)]
        for _ in 0..<200 { await Task.yield() }
        #expect(pane.state.jobs.count == 1, "nothing reads the disk while it says nothing changed")
        #expect(reads.values.count == 1)
        disk.yield()
        await settle { pane.state.jobs.count == 2 }
        #expect(reads.values.count == 2)
    }

    @Test func aChangeOnDiskWhileTheQueueIsReadIsReadAgainOnceThatReadEnds() async {
        let jobs = Shared([job("a", .queued)])
        let gate = Shared<Gate?>(nil)
        let (changes, disk) = AsyncStream.makeStream(of: Void.self)
        var queue = UploadQueueClient.noOp
        queue.jobs = {
            let listed = jobs.value
            await gate.value?.wait()
            return listed
        }
        queue.changesOnDisk = { changes }
        var environment = Fixtures.environment()
        environment.uploadQueue = queue
        let pane = UploadsPane(environment: environment)
        pane.start()
        await settle { pane.state.queue.value != nil }
        let held = Gate()
        gate.value = held
        jobs.value = [job("a", .done)]
        disk.yield()
        await settle { pane.state.queue.isRefreshing }
        // Another change comes while that read, which listed the jobs before it, is held.
        jobs.value = [job("a", .done), job("b", .queued)]
        disk.yield()
        for _ in 0..<200 { await Task.yield() }
        gate.value = nil
        held.open()
        await settle { pane.state.jobs.map(\.id) == ["a", "b"] }
        #expect(pane.state.jobs.first?.state == .done)
    }

}
