import CourseKit
import FoundationEssentials

extension CourseDetailState {
    /// The ID the course's record of what was seen is kept under: the backend's own once the
    /// overview has it, as the course list knows the course, rather than a deep link's
    /// `sis_course_id:ABC`; the ID given when the overview failed; nil while it loads.
    var seenRecordID: CourseID? {
        if let id = overview.course?.id { return id }
        if case .failed = overview.load.phase { return courseID }
        return nil
    }

    /// Compares the assignments' answer waiting, if any, with the record kept under
    /// `seenRecordID` and records what the student sees: the backend's answer marks what changed
    /// since they last looked and is what they have seen from now on (a saved copy is neither).
    /// Asks for the record first when the one in hand was read under another ID, or none was read
    /// yet, as the overview and the assignments load side by side.
    mutating func compareSeen(now: Date) -> [Effect] {
        guard let id = seenRecordID else { return [] }
        guard assignments.seen.recordID == id else { return [.readSeen(id)] }
        guard let seen = assignments.seen.receiveWaiting(now: now) else { return [] }
        return [.recordSeen(id, seen)]
    }
}
