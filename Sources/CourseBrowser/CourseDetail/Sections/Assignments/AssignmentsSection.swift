import CourseKit
import FoundationEssentials

/// The course's assignments, what is due first, with what changed since the student last looked.
struct AssignmentsSection: CourseSection {
    static let kind = CourseDetailState.Section.assignments
    static let label = "assignments"
    private(set) var load = LoadState<[Assignment]>()
    /// What changed in the assignments since the student last looked.
    var seen = SeenAssignments()

    /// Applies a load; the backend's answer waits to be compared with what was seen (a saved
    /// copy is not what the student has seen). True when an answer came.
    mutating func update(_ event: LoadEvent<[Assignment]>) -> Bool {
        load.apply(event)
        guard case let .finished(.success(list)) = event else { return false }
        seen.hold(list)
        return true
    }

    /// Whether the assignments shown are the backend's answer and nothing since failed to bring
    /// them up to date: not a saved copy (the backend could not be asked yet, or not at all),
    /// nor an answer whose refresh failed (the network may have gone since).
    var isFresh: Bool {
        load.savedAt == nil && load.refreshFailure == nil
    }

    /// Each assignment's web page, by ID.
    var pages: [String: URL] {
        Dictionary((load.value ?? []).compactMap { a in a.htmlURL.map { (a.id, $0) } }, uniquingKeysWith: { first, _ in first })
    }

    func lines(in context: SectionContext) -> [DetailLine] {
        guard context.shows(load) else { return [] }
        return Self.heading("Assignments", count: load.value?.count, landmark: "assignments")
            + rows(width: context.width, glyphs: context.glyphs) { assignments in
                AssignmentLayout.lines(for: assignments, width: context.width, now: context.now, glyphs: context.glyphs, changes: seen.changes)
            }
    }
}
