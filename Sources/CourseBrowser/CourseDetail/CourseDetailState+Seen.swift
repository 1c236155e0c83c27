import CourseKit
import FoundationEssentials

extension CourseDetailState {
    /// The backend's answer marks what changed since the student last looked, and is what they
    /// have seen from now on; a saved copy is neither.
    mutating func noteSeen(_ event: LoadEvent<[Assignment]>, now: Date) -> [Effect] {
        guard case let .finished(.success(list)) = event, let courseID else { return [] }
        return [.recordSeen(courseID, seenAssignments.receive(list, now: now))]
    }
}
