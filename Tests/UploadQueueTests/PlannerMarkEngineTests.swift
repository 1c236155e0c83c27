import CourseKit
import Foundation
import Synchronization
import Testing
import TestSupport
@testable import UploadQueue

/// Done marks through the durable queue: a job without files that sets an item's mark, kept
/// over a restart, retried when the network fails, and sent in order per item.
struct PlannerMarkEngineTests {
    let folder: UploadTestFolder
    let clock = ManualClock(Date(timeIntervalSince1970: 1_000_000))
    var store: UploadStore { folder.store(clock: clock.client) }

    init() throws {
        folder = try UploadTestFolder()
    }

    /// What the backend was asked, in order, failing the first `failing` calls as a lost network would.
    final class Marks: Sendable {
        let sent = Mutex<[UploadJob.PlannerMark]>([])
        let failing: Mutex<Int>

        init(failing: Int = 0) {
            self.failing = Mutex(failing)
        }

        var transport: PlannerWriteTransport {
            PlannerWriteTransport { mark in
                if self.failing.withLock({ count in defer { count -= 1 }; return count > 0 }) { throw Unreachable() }
                self.sent.withLock { $0.append(mark) }
                return "override-" + mark.plannableID
            }
        }
    }

    func engine(_ marks: Marks) -> UploadEngine {
        UploadEngine(store: store, transport: .unimplemented, plannerWrites: marks.transport, clock: clock.client, backend: "canvas", jitter: { 1 })
    }

    static let essay = PlannerItem(id: "assignment:2001", kind: .assignment, title: "Essay", courseID: CourseID(101), date: Date(timeIntervalSince1970: 1_000_000))
    static let note = PlannerItem(id: "planner_note:9", kind: .plannerNote, title: "Buy goggles", date: Date(timeIntervalSince1970: 1_000_000),
                                  override: .init(id: "55", isDismissed: true))

    @Test func aMarkIsAJobWithoutFilesThatSetsTheItemAndKeepsItsOverride() async throws {
        let marks = Marks()
        let job = try store.enqueueMark(Self.essay, done: true, backend: "canvas")
        #expect(job.files.isEmpty && job.courseID == CourseID(101))
        #expect(try store.job(job.id)?.plannerMark == UploadJob.PlannerMark(itemID: "assignment:2001", title: "Essay", isDone: true))
        try await engine(marks).runDueJobs()
        #expect(marks.sent.withLock { $0 }.map(\.isDone) == [true])
        let done = try #require(try store.job(job.id))
        #expect(done.state == .done)
        #expect(done.plannerMark?.overrideID == "override-2001")
    }

    @Test func aNoteOfOnesOwnIsFiledUnderThePlannerAndKeepsItsOverrideAndDismissal() throws {
        let job = try store.enqueueMark(Self.note, done: true, backend: "canvas")
        #expect(job.courseID == UploadJob.plannerCourse)
        #expect(job.plannerMark?.overrideID == "55")
        #expect(job.plannerMark?.isDismissed == true)
        #expect(job.plannerMark?.kindName == "planner_note" && job.plannerMark?.plannableID == "9")
    }

    @Test func offlineTheMarkWaitsAndIsSentOnceTheNetworkIsBack() async throws {
        let marks = Marks(failing: 2)
        let job = try store.enqueueMark(Self.essay, done: true, backend: "canvas")
        let engine = engine(marks)
        try await engine.runDueJobs()
        #expect(try store.job(job.id)?.state.isUnderWay == true, "waiting, not failed")
        for _ in 0..<4 {
            clock.advance(by: 600)
            try await engine.runDueJobs()
        }
        #expect(marks.sent.withLock { $0 }.count == 1, "sent once it got through, never again")
        #expect(try store.job(job.id)?.state == .done)
    }

    @Test func marksOfOneItemGoInTheOrderTheyWereSet() async throws {
        let marks = Marks(failing: 1)
        _ = try store.enqueueMark(Self.essay, done: true, backend: "canvas")
        clock.advance(by: 1)
        _ = try store.enqueueMark(Self.essay, done: false, backend: "canvas")
        let engine = engine(marks)
        try await engine.runDueJobs()
        #expect(marks.sent.withLock { $0 }.isEmpty, "the later mark waits for the earlier one, which failed")
        clock.advance(by: 600)
        try await engine.runDueJobs()
        try await engine.runDueJobs()
        #expect(marks.sent.withLock { $0 }.map(\.isDone) == [true, false], "the item keeps the last mark set")
    }

    @Test func aMarkRecordIsReadBackAfterARestart() throws {
        let job = try store.enqueueMark(Self.essay, done: false, backend: "canvas")
        let again = folder.store(clock: clock.client)
        #expect(try again.job(job.id)?.plannerMark?.isDone == false)
        #expect(try again.jobs().count == 1)
    }
}
