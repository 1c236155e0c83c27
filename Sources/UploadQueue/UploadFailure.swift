import CourseKit

/// Sorts upload failures into those that pass by themselves and those that need a person.
public enum UploadFailure {
    /// True when retrying the same upload later may succeed without anyone doing anything.
    ///
    /// Every error says so for itself (`TransientError`). Retrying is always safe (uploads
    /// overwrite instead of duplicating), so the only cost of a wrong "transient" is wasted
    /// attempts, while a wrong "permanent" strands a file: an error that doesn't say counts
    /// as transient, and so does a cancellation (the job is picked up again next time).
    public static func isTransient(_ error: any Error) -> Bool {
        (error as? any TransientError)?.isTransient ?? true
    }

    /// How long the server asked to wait before the next try, when it said.
    public static func retryAfter(_ error: any Error) -> Double? {
        (error as? any TransientError)?.retryAfter
    }
}
