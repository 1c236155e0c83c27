import CourseKit
import FoundationEssentials

// Sending a to-do of the student's own exactly once.
//
// Changing or removing a note is safe to repeat: its fields are set again, and a note removed
// twice is removed. Adding one is not: the backend makes a note for every create it is sent,
// and offers no key to tell them apart. So an add is sent as a submission is, each step on
// disk before the next:
//
// 1. `existingIDs`: the notes the backend already has on that day with that title and details,
//    read before anything is sent. A later one like them can only be this job's.
// 2. `sentAt`: saved just before the create goes out. From then on the backend may have made
//    the note though no answer came back.
// 3. The create is sent, and the note's ID kept.
//
// A job that starts with `sentAt` set reads the day's notes first: a new one like it is taken
// as its own and nothing is sent. When there is none, the create may still be on its way
// through the server, so nothing is sent until `answerWindow` has passed since `sentAt`; then it
// is sent again. An answer that says nothing was made clears `sentAt`.
extension UploadEngine {
    /// Adds, changes or removes `job`'s note under the protocol above, saving each step.
    func changeNote(_ job: inout UploadJob) async throws {
        guard var note = job.plannerNote else { return }
        switch note.action {
        case .edit: try await plannerWrites.updateNote(note)
        case .delete: try await plannerWrites.removeNote(note)
        case .add: try await add(&note, of: &job)
        }
        job.plannerNote = note
    }

    private func add(_ note: inout UploadJob.PlannerNote, of job: inout UploadJob) async throws {
        if note.existingIDs == nil {
            note.existingIDs = try await alike(note).map(\.id)
            try keep(note, in: &job)
        }
        if note.sentAt != nil {
            let before = Set(note.existingIDs ?? [])
            if let made = try await alike(note).first(where: { !before.contains($0.id) }) {
                note.noteID = made.id
                return
            }
            try checkAnswerWindow(since: note.sentAt, what: "the to-do")
        }
        note.sentAt = clock.now()
        try keep(note, in: &job)
        do {
            note.noteID = try await plannerWrites.createNote(note)
        } catch {
            if (error as? any TransientError)?.changedNothing == true {
                note.sentAt = nil
                try keep(note, in: &job)
            }
            throw error
        }
    }

    /// The backend's notes dated as `note` is, with its title and details.
    private func alike(_ note: UploadJob.PlannerNote) async throws -> [PlannerNoteRecord] {
        try await plannerWrites.notes(note.date).filter { record in
            abs(record.date.timeIntervalSince(note.date)) < 1 && record.title == note.title && (record.details ?? "") == (note.details ?? "")
        }
    }

    private func keep(_ note: UploadJob.PlannerNote, in job: inout UploadJob) throws {
        job.plannerNote = note
        try save(job)
    }
}
