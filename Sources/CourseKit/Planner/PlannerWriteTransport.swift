import FoundationEssentials

/// Sends what the student changes in their planner: done marks, and to-dos of their own.
///
/// `setDone`, `updateNote` and `removeNote` may be called again after any failure: setting a
/// mark or a note's fields twice, or removing a note twice, leaves the same. `createNote` may
/// not: the engine reads `notes` before it sends one again.
public struct PlannerWriteTransport: Sendable {
    /// Sets `mark` on the backend and returns the ID of the backend's mark of the item.
    public var setDone: @Sendable (_ mark: UploadJob.PlannerMark) async throws -> String
    /// The student's notes dated within a day either side of `date`.
    public var notes: @Sendable (_ date: Date) async throws -> [PlannerNoteRecord]
    /// Makes the note and returns its ID.
    public var createNote: @Sendable (_ note: UploadJob.PlannerNote) async throws -> String
    /// Sets the title and date of the note `note.noteID`.
    public var updateNote: @Sendable (_ note: UploadJob.PlannerNote) async throws -> Void
    /// Removes the note `note.noteID`; one already gone counts as removed.
    public var removeNote: @Sendable (_ note: UploadJob.PlannerNote) async throws -> Void

    public init(
        setDone: @escaping @Sendable (_ mark: UploadJob.PlannerMark) async throws -> String,
        notes: @escaping @Sendable (_ date: Date) async throws -> [PlannerNoteRecord] = { _ in throw Unimplemented("PlannerWriteTransport.notes") },
        createNote: @escaping @Sendable (_ note: UploadJob.PlannerNote) async throws -> String = { _ in
            throw Unimplemented("PlannerWriteTransport.createNote")
        },
        updateNote: @escaping @Sendable (_ note: UploadJob.PlannerNote) async throws -> Void = { _ in
            throw Unimplemented("PlannerWriteTransport.updateNote")
        },
        removeNote: @escaping @Sendable (_ note: UploadJob.PlannerNote) async throws -> Void = { _ in
            throw Unimplemented("PlannerWriteTransport.removeNote")
        }
    ) {
        self.setDone = setDone
        self.notes = notes
        self.createNote = createNote
        self.updateNote = updateNote
        self.removeNote = removeNote
    }
}

extension PlannerWriteTransport {
    /// Fails every call, so a test notices when it reaches an endpoint it did not set up.
    public static let unimplemented = PlannerWriteTransport { _ in throw Unimplemented("PlannerWriteTransport.setDone") }
}
