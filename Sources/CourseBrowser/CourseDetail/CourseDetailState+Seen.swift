import CourseKit
import FoundationEssentials

extension CourseDetailState {
    /// The ID the course's record of what was seen is kept under: the backend's own once the
    /// overview has it, as the course list knows the course, rather than a deep link's
    /// `sis_course_id:ABC`; the ID given when the overview failed; nil while it loads.
    var seenRecordID: CourseID? {
        if let id = overview.value?.id { return id }
        if case .failed = overview.phase { return courseID }
        return nil
    }

    /// The backend's answer marks what changed since the student last looked, and is what they
    /// have seen from now on; a saved copy is neither. The answer waits for the record kept
    /// under `seenRecordID`: the overview and the assignments load side by side.
    mutating func noteSeen(_ event: LoadEvent<[Assignment]>, now: Date) -> [Effect] {
        guard case let .finished(.success(list)) = event else { return [] }
        seenAssignments.hold(list)
        return compareSeen(now: now)
    }

    /// Compares the answer waiting, if any, with the record under `seenRecordID` and records
    /// what the student sees; asks for that record first when the one in hand was read under
    /// another ID (or none was read yet).
    mutating func compareSeen(now: Date) -> [Effect] {
        guard let id = seenRecordID else { return [] }
        guard seenAssignments.recordID == id else { return [.readSeen(id)] }
        guard let seen = seenAssignments.receiveWaiting(now: now) else { return [] }
        return [.recordSeen(id, seen)]
    }
}
