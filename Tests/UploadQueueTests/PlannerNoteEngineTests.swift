import CourseKit
import Foundation
import Synchronization
import Testing
import TestSupport
@testable import UploadQueue

/// To-dos of the student's own through the queue, exactly once: an add whose answer was lost is
/// recognised among the day's notes instead of made again; changes and removals are repeated freely.
struct PlannerNoteEngineTests {
    let folder: UploadTestFolder
    let clock = ManualClock(Date(timeIntervalSince1970: 1_000_000))
    var store: UploadStore { folder.store(clock: clock.client) }

    init() throws {
        folder = try UploadTestFolder()
    }

    /// A planner keeping notes, whose creates may make the note and then lose the answer.
    final class Notes: Sendable {
        struct State {
            var notes: [PlannerNoteRecord] = []
            var creates = 0
            var losingAnswers = 0
            var failingBeforeMaking = 0
            var calls: [String] = []
        }

        let state: Mutex<State>

        init(_ notes: [PlannerNoteRecord] = []) {
            state = Mutex(State(notes: notes))
        }

        var transport: PlannerWriteTransport {
            PlannerWriteTransport(
                setDone: { _ in throw Unimplemented("setDone") },
                notes: { _ in self.state.withLock { $0.calls.append("list"); return $0.notes } },
                createNote: { note in
                    try self.state.withLock { state in
                        state.calls.append("create")
                        if state.failingBeforeMaking > 0 {
                            state.failingBeforeMaking -= 1
                            throw Unreachable()
                        }
                        state.creates += 1
                        let id = String(800 + state.creates)
                        state.notes.append(PlannerNoteRecord(id: id, title: note.title, date: note.date, details: note.details))
                        if state.losingAnswers > 0 {
                            state.losingAnswers -= 1
                            throw Unreachable()
                        }
                        return id
                    }
                },
                updateNote: { note in self.state.withLock { $0.calls.append("update \(note.noteID ?? "?")") } },
                removeNote: { note in self.state.withLock { $0.calls.append("remove \(note.noteID ?? "?")") } }
            )
        }
    }

    func engine(_ notes: Notes) -> UploadEngine {
        UploadEngine(store: store, transport: .unimplemented, plannerWrites: notes.transport, clock: clock.client, backend: "canvas", jitter: { 1 })
    }

    let day = Date(timeIntervalSince1970: 1_086_400)

    func add(_ title: String = "Đọc chương 3") throws -> UploadJob {
        try store.enqueueNote(UploadJob.PlannerNote(action: .add, title: title, date: day), backend: "canvas")
    }

    @Test func anAddReadsTheDayFirstThenMakesTheNoteAndKeepsItsID() async throws {
        let notes = Notes([PlannerNoteRecord(id: "5", title: "Đọc chương 3", date: day)])
        let job = try add()
        #expect(job.files.isEmpty && job.courseID == UploadJob.plannerCourse)
        try await engine(notes).runDueJobs()
        let done = try #require(try store.job(job.id))
        #expect(done.state == .done)
        #expect(done.plannerNote?.existingIDs == ["5"], "a like note made before is not this job's")
        #expect(done.plannerNote?.noteID == "801")
        #expect(notes.state.withLock { $0.calls } == ["list", "create"])
    }

    @Test func anAddWhoseAnswerWasLostIsFoundNotMadeAgain() async throws {
        let notes = Notes([PlannerNoteRecord(id: "5", title: "Đọc chương 3", date: day)])
        notes.state.withLock { $0.losingAnswers = 1 }
        let job = try add()
        let engine = engine(notes)
        try await engine.runDueJobs()
        #expect(try store.job(job.id)?.plannerNote?.sentAt != nil, "it went out: read back before anything is sent again")
        clock.advance(by: 600)
        try await engine.runDueJobs()
        #expect(notes.state.withLock { $0.creates } == 1, "never made twice")
        #expect(try store.job(job.id)?.plannerNote?.noteID == "801")
        #expect(try store.job(job.id)?.state == .done)
    }

    @Test func withNoNoteFoundItWaitsOutTheAnswerWindowBeforeSendingAgain() async throws {
        let notes = Notes()
        notes.state.withLock { $0.failingBeforeMaking = 1 }
        let job = try add()
        let engine = engine(notes)
        try await engine.runDueJobs()
        clock.advance(by: 10)
        try await engine.runDueJobs()
        #expect(notes.state.withLock { $0.creates } == 0, "within a minute of sending, the server may still be making it")
        let waiting = try #require(try store.job(job.id))
        #expect(waiting.lastError?.contains("the to-do sent earlier") == true, "\(waiting.state)")
        clock.advance(by: 600)
        try await engine.runDueJobs()
        #expect(notes.state.withLock { $0.creates } == 1)
        #expect(try store.job(job.id)?.state == .done)
    }

    @Test func changesAndRemovalsAreSentAsTheyAreAndInOrderPerNote() async throws {
        let notes = Notes()
        _ = try store.enqueueNote(UploadJob.PlannerNote(action: .edit, noteID: "9", title: "Mua kính bảo hộ", date: day), backend: "canvas")
        clock.advance(by: 1)
        _ = try store.enqueueNote(UploadJob.PlannerNote(action: .delete, noteID: "9", title: "Mua kính bảo hộ", date: day), backend: "canvas")
        let engine = engine(notes)
        try await engine.runDueJobs()
        #expect(notes.state.withLock { $0.calls } == ["update 9"], "the removal waits for the change before it")
        try await engine.runDueJobs()
        #expect(notes.state.withLock { $0.calls } == ["update 9", "remove 9"])
    }
}
