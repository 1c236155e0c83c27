import CourseKit
import FoundationEssentials

// Sending a to-do of the student's own exactly once.
//
// Changing or removing a note is safe to repeat: its fields are set again, and a note removed
// twice is removed. Adding one is not: the backend makes a note for every create it is sent,
// and offers no key to tell them apart. So an add is made under `createOnce`'s protocol
// (`UploadEngine+SentOnce.swift`), the notes alike being those of that day with that title and
// details.
extension UploadEngine {
    /// Adds, changes or removes `job`'s note, saving each step of an add.
    func changeNote(_ job: inout UploadJob) async throws {
        guard var note = job.plannerNote else { return }
        switch note.action {
        case .edit: try await plannerWrites.updateNote(note)
        case .delete: try await plannerWrites.removeNote(note)
        case .add:
            try await createOnce(
                &note, what: "the to-do",
                keep: { note in
                    job.plannerNote = note
                    try save(job)
                },
                alike: { note in try await alike(note).map(\.id) },
                create: { note in try await plannerWrites.createNote(note) }
            )
        }
        job.plannerNote = note
    }

    /// The backend's notes dated as `note` is, with its title and details.
    private func alike(_ note: UploadJob.PlannerNote) async throws -> [PlannerNoteRecord] {
        try await plannerWrites.notes(note.date).filter { record in
            abs(record.date.timeIntervalSince(note.date)) < 1 && record.title == note.title && (record.details ?? "") == (note.details ?? "")
        }
    }
}
