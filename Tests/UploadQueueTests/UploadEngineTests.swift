import Foundation
import Synchronization
import Testing
import CourseKit
@testable import FileSystem
import TestSupport
@testable import UploadQueue

struct UploadEngineTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("engine-\(UUID().uuidString)")
    let clock = ManualClock(Date(timeIntervalSince1970: 1_000_000))
    var store: UploadStore { UploadStore(directory: directory, clock: clock.client) }

    func file(_ name: String, _ text: String = "hello") throws -> URL {
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("src"), withIntermediateDirectories: true)
        let url = directory.appendingPathComponent("src/\(name)")
        try Data(text.utf8).write(to: url)
        return url
    }

    func engine(_ transport: UploadTransport, probe: (@Sendable () async -> Bool)? = nil) -> UploadEngine {
        UploadEngine(store: store, transport: transport, clock: clock.client, backend: "offline", probe: probe, jitter: { 1 })
    }

    func state(_ id: String) throws -> UploadJob.State? {
        try store.jobs().first { $0.id == id }?.state
    }

    @Test func aDueJobIsUploadedOnceAndMarkedDone() async throws {
        let job = try store.enqueue(file: file("a.txt"), course: CourseID(1), backend: "offline")
        let sent = Shared(0)
        let engine = engine(UploadTransport { _, payload, progress in
            sent.modify { $0 += 1 }
            progress(Int64(try Data(contentsOf: payload).count))
        })
        let tried = Recorder<Int>()
        let announced = try await changes(of: engine) {
            tried.append(try await engine.runDueJobs())
            tried.append(try await engine.runDueJobs())
        }
        #expect(tried.values == [1, 0])
        #expect(sent.value == 1)
        #expect(try state(job.id) == .done)
        #expect(announced.map(\.state) == ["uploading", "done"])
        try await eventually("a finished job's bytes are deleted") { !FileManager.default.fileExists(atPath: store.payloadURL(for: job).path) }
        #expect(try store.job(job.id)?.fileName == "a.txt", "its record stays for queue to show")
    }

    @Test func aDamagedJobIsNeverUploadedNorRetried() async throws {
        let job = try store.enqueue(file: file("c.txt"), course: CourseID(1), backend: "offline")
        try Data("{".utf8).write(to: directory.appendingPathComponent("queue/jobs/\(job.id)/job.json"))
        let engine = engine(.unimplemented)
        #expect(try await engine.runDueJobs() == 0)
        try await engine.retry(job.id)
        try await engine.retryAllFailed()
        #expect(try state(job.id)?.isDamaged == true)
    }

    @Test func aPayloadCutShortOnDiskFailsForGoodInsteadOfUploadingShort() async throws {
        let job = try store.enqueue(file: file("d.txt", "four score and seven"), course: CourseID(1), backend: "offline")
        try Data("four".utf8).write(to: store.payloadURL(for: job))
        let sent = Shared(0)
        let engine = engine(UploadTransport { _, _, _ in sent.modify { $0 += 1 } })
        try await engine.runDueJobs()
        #expect(sent.value == 0, "nothing is sent")
        #expect(try state(job.id) == .failed(reason: "The queued copy of d.txt is damaged (4 bytes, queued as 20); queue the file again"))
    }

    @Test func aServerAskingToWaitForAgesHoldsTheJobADayAndTheRunLoopCarriesOn() async throws {
        let job = try store.enqueue(file: file("e.txt"), course: CourseID(1), backend: "offline")
        let engine = engine(UploadTransport { _, _, _ in throw TestFailure("busy", transient: true, retryAfter: 1e17) })
        try await engine.runDueJobs()
        #expect(try state(job.id) == .waiting(until: clock.now() + UploadBackoff.longestServerWait, reason: "busy"))

        var held = try #require(try store.job(job.id))
        held.state = .waiting(until: clock.now() + 1e17, reason: "busy")
        try store.update(held)
        let loop = Task { await engine.run() }
        for _ in 0..<200 { await Task.yield() }
        loop.cancel()
        await loop.value
        #expect(try state(job.id) == held.state, "the loop slept on it instead of trapping")
    }

    @Test func aJobDamagedWhileAnotherUploadsIsNeitherSentNorRewritten() async throws {
        let first = try store.enqueue(file: file("f.txt"), course: CourseID(1), backend: "offline")
        clock.advance(by: 1)
        let second = try store.enqueue(file: file("g.txt"), course: CourseID(1), backend: "offline")
        let record = directory.appendingPathComponent("queue/jobs/\(second.id)/job.json")
        let sent = Recorder<String>()
        let engine = engine(UploadTransport { job, _, _ in
            sent.append(job.fileName)
            if job.id == first.id { try Data("{".utf8).write(to: record) }
        })
        try await engine.runDueJobs()
        #expect(sent.values == ["f.txt"])
        #expect(FileManager.default.contents(atPath: record.path) == Data("{".utf8), "the damaged record is left as it is")
        #expect(try state(second.id)?.isDamaged == true)
    }

    @Test func jobsOfAnotherBackendAreNeverTouched() async throws {
        let job = try store.enqueue(file: file("b.txt"), course: CourseID(1), backend: "canvas https://school.example")
        #expect(try await engine(.unimplemented).runDueJobs() == 0)
        #expect(try state(job.id) == .queued)
    }

    @Test func transientFailuresBackOffDoublingToTheCap() async throws {
        let job = try store.enqueue(file: file("c.txt"), course: CourseID(1), backend: "offline")
        let engine = engine(UploadTransport { _, _, _ in throw TestFailure("Can't reach school.example", transient: true) })
        var waits: [TimeInterval] = []
        for _ in 0..<11 {
            // A child process that a test beside this one spawns holds a copy of the claim's
            // flock until its exec closes it, so a pass may find the job held for a moment.
            try await eventually("the due job tried") { try await engine.runDueJobs() == 1 }
            guard case let .waiting(until, reason) = try state(job.id) else {
                Issue.record("expected waiting")
                return
            }
            #expect(reason == "Can't reach school.example")
            waits.append(until.timeIntervalSince(clock.now()))
            #expect(try await engine.runDueJobs() == 0, "not due before its time")
            clock.advance(by: waits.last ?? 0)
        }
        #expect(waits == [1, 2, 4, 8, 16, 32, 64, 128, 256, 300, 300])
    }

    @Test func theNetworkComingBackMakesEveryWaitingJobDueAndResetsBackoff() async throws {
        let first = try store.enqueue(file: file("d.txt"), course: CourseID(1), backend: "offline")
        let second = try store.enqueue(file: file("e.txt"), course: CourseID(2), backend: "offline")
        let online = Shared(false)
        let engine = engine(UploadTransport { _, _, _ in
            if !online.value { throw TestFailure("Can't reach school.example", transient: true, offline: true) }
        })
        for _ in 0..<4 {
            try await engine.runDueJobs()
            clock.advance(by: 20)
        }
        guard case .waiting = try state(first.id) else {
            Issue.record("expected waiting")
            return
        }
        online.value = true
        try await engine.networkIsBack()
        #expect(try await engine.runDueJobs() == 2)
        #expect(try state(first.id) == .done)
        #expect(try state(second.id) == .done)
    }

    /// A server that answers with failures (a file store failing with 500 behind a Canvas that
    /// answers well) keeps its job's backoff growing when the network is said to be back, so a
    /// `sync` waiting on it ends instead of asking again every few seconds for ever.
    @Test func theNetworkComingBackLeavesAJobTheServerFailedToItsBackoff() async throws {
        let failing = try store.enqueue(file: file("f.txt"), course: CourseID(1), backend: "offline")
        let engine = engine(UploadTransport { _, _, _ in throw TestFailure("store.example answered HTTP 500", transient: true) })
        var waits: [TimeInterval] = []
        for _ in 0..<4 {
            try await eventually("the due job tried") { try await engine.runDueJobs() == 1 }
            guard case let .waiting(until, _) = try state(failing.id) else {
                Issue.record("expected waiting")
                return
            }
            waits.append(until.timeIntervalSince(clock.now()))
            try await engine.networkIsBack()
            #expect(try await engine.runDueJobs() == 0, "made due by the network coming back")
            clock.advance(by: waits.last ?? 0)
        }
        #expect(waits == [1, 2, 4, 8])
    }

    @Test func aServerThatSaysHowLongToWaitIsNotAskedAgainSooner() async throws {
        let job = try store.enqueue(file: file("r.txt"), course: CourseID(1), backend: "offline")
        let engine = engine(UploadTransport { _, _, _ in throw TestFailure("rate limited", transient: true, retryAfter: 90) })
        try await engine.runDueJobs()
        guard case let .waiting(until, _) = try state(job.id) else {
            Issue.record("expected waiting")
            return
        }
        #expect(until.timeIntervalSince(clock.now()) == 90, "90 s asked, not the 1 s backoff")
    }

    @Test func everyListenerHearsEveryChangeAndAnnouncementsWakeTheRunLoop() async throws {
        let sleeping = WallClock(now: { Date() }, sleep: { try await Task.sleep(for: $0) })
        let engine = UploadEngine(store: store, transport: .noOp, clock: sleeping, backend: "offline")
        let subscriptions = [engine.subscribe(), engine.subscribe()]
        // Each listener reads its changes as they come; the record says done a moment before the
        // engine tells its listeners, so the test waits for what they heard, not for the record.
        let heard = HeardChanges(listeners: subscriptions.count)
        let listeners = subscriptions.enumerated().map { index, subscription in
            Task {
                for await change in subscription.changes {
                    heard.append(change.state, by: index)
                }
            }
        }
        // Nothing is due and the clock's sleeps really last: the loop sleeps until something wakes it.
        let runner = Task { await engine.run(probeInterval: 3600) }
        try await Task.sleep(for: .milliseconds(50))
        let job = try store.enqueue(file: file("w.txt"), course: CourseID(1), backend: "offline")
        engine.announce(.updated(job))
        try await eventually("the announced job uploaded", timeout: .seconds(60)) { try state(job.id) == .done }
        try? await eventually("both listeners heard it done") { heard.states.allSatisfy { $0.last == "done" } }
        runner.cancel()
        subscriptions.forEach { $0.end() }
        for listener in listeners {
            await listener.value
        }
        #expect(heard.states == [["queued", "uploading", "done"], ["queued", "uploading", "done"]])
    }

    @Test func aProbeThatSucceedsWakesWaitingJobs() async throws {
        let job = try store.enqueue(file: file("p.txt"), course: CourseID(1), backend: "offline")
        let online = Shared(false)
        let engine = engine(UploadTransport { _, _, _ in
            if !online.value { throw TestFailure("Can't reach h", transient: true, offline: true) }
        }, probe: { online.value })
        try await engine.runDueJobs()
        online.value = true
        let runner = Task { await engine.run(probeInterval: 0) }
        for _ in 0..<2000 where try state(job.id) != .done {
            await Task.yield()
        }
        runner.cancel()
        #expect(try state(job.id) == .done)
    }

    @Test func permanentFailuresWaitForTheUserAndAreAnnounced() async throws {
        let job = try store.enqueue(file: file("f.txt"), course: CourseID(1), backend: "offline")
        let engine = engine(UploadTransport { _, _, _ in throw TestFailure("The token was rejected", transient: false) })
        let tried = Recorder<Int>()
        let announced = try await changes(of: engine) {
            try await engine.runDueJobs()
            clock.advance(by: 3600)
            tried.append(try await engine.runDueJobs())
        }
        #expect(tried.values == [0], "not retried by itself")
        #expect(try state(job.id) == .failed(reason: "The token was rejected"))
        #expect(announced.map(\.state) == ["uploading", "failed"])
        try await engine.retry(job.id)
        #expect(try state(job.id) == .queued)
    }

    @Test func retryAllFailedQueuesOnlyFailedJobs() async throws {
        let failed = try store.enqueue(file: file("g.txt"), course: CourseID(1), backend: "offline")
        let fine = try store.enqueue(file: file("h.txt"), course: CourseID(1), backend: "offline")
        var job = try #require(try store.jobs().first { $0.id == failed.id })
        job.state = .failed(reason: "x")
        try store.update(job)
        var done = try #require(try store.jobs().first { $0.id == fine.id })
        done.state = .done
        try store.update(done)
        try await engine(.noOp).retryAllFailed()
        #expect(try state(failed.id) == .queued)
        #expect(try state(fine.id) == .done)
    }

    @Test func aJobClaimedByAnotherOwnerIsSkipped() async throws {
        let job = try store.enqueue(file: file("i.txt"), course: CourseID(1), backend: "offline")
        let claim = try #require(try store.claim(job.id))
        #expect(try await engine(.noOp).runDueJobs() == 0)
        claim.release()
        #expect(try await engine(.noOp).runDueJobs() == 1)
    }

    @Test func backoffStaysWithinJitterAndCap() {
        #expect(UploadBackoff.delay(afterAttempt: 1, jitter: 0.8) == 0.8)
        #expect(UploadBackoff.delay(afterAttempt: 3, jitter: 1.2) == 4.8)
        #expect(UploadBackoff.delay(afterAttempt: 40, jitter: 1.2) == 300)
        #expect(UploadBackoff.delay(afterAttempt: 2, jitter: 5) == 2.4)
    }
}

/// Every change `engine` announces while `body` runs.
func changes(of engine: UploadEngine, during body: () async throws -> Void) async throws -> [UploadChange] {
    let subscription = engine.subscribe()
    let collector = Task {
        var all: [UploadChange] = []
        for await change in subscription.changes {
            all.append(change)
        }
        return all
    }
    try await body()
    subscription.end()
    return await collector.value
}

extension UploadChange {
    /// The state a change announces, in a word: "queued", "uploading", …, or "removed".
    var state: String {
        guard case let .updated(job) = self else { return "removed" }
        return job.state.name
    }
}

/// What each listener of an engine heard, in order, as the states of the changes.
private final class HeardChanges: Sendable {
    private let heard: Mutex<[[String]]>

    init(listeners: Int) {
        heard = Mutex(Array(repeating: [], count: listeners))
    }

    var states: [[String]] {
        heard.withLock { $0 }
    }

    func append(_ state: String, by listener: Int) {
        heard.withLock { $0[listener].append(state) }
    }
}
