import CourseKit
import FoundationEssentials

extension CourseDetailState {
    /// The backend's answer marks what changed since the student last looked, and is what they
    /// have seen from now on; a saved copy is neither.
    ///
    /// Recorded under the backend's own form of the course's ID once the overview has it, as the
    /// course list knows the course, rather than a deep link's `sis_course_id:ABC`.
    mutating func noteSeen(_ event: LoadEvent<[Assignment]>, now: Date) -> [Effect] {
        guard case let .finished(.success(list)) = event, let id = overview.value?.id ?? courseID else { return [] }
        return [.recordSeen(id, seenAssignments.receive(list, now: now))]
    }
}
