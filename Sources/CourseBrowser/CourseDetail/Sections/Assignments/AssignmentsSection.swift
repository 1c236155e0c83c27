import CourseKit
import FoundationEssentials

/// The course's assignments, what is due first, with what changed since the student last looked.
struct AssignmentsSection: FetchedSection {
    static let kind = CourseSectionKind.assignments
    static let label = "assignments"
    private(set) var load = LoadState<[Assignment]>()
    /// What changed in the assignments since the student last looked.
    var seen = SeenAssignments()

    /// Applies a load; the backend's answer waits to be compared with what was seen (a saved
    /// copy is not what the student has seen), which the pane does once it knows under which ID.
    mutating func update(_ event: LoadEvent<[Assignment]>) -> [CourseDetailState.Effect] {
        load.apply(event)
        if case let .finished(.success(list)) = event {
            seen.hold(list)
        }
        return []
    }

    static func source(_ environment: EnvironmentValues) -> SectionSource<[Assignment]> {
        let client = environment.courseClient
        return SectionSource(saved: environment.savedCopies.assignments) { try await client.assignments($0, $1) }
    }

    /// Whether the assignments shown are the backend's answer and nothing since failed to bring
    /// them up to date: not a saved copy (the backend could not be asked yet, or not at all),
    /// nor an answer whose refresh failed (the network may have gone since).
    var isFresh: Bool {
        load.savedAt == nil && load.refreshFailure == nil
    }

    func lines(in context: SectionContext) -> SectionLines {
        guard context.shows(load) else { return SectionLines() }
        return SectionLines(
            Self.heading("Assignments", count: load.value?.count, landmark: "assignments")
                + rows(width: context.width, glyphs: context.glyphs) { assignments in
                    AssignmentLayout.lines(for: assignments, width: context.width, now: context.now, glyphs: context.glyphs, changes: seen.changes)
                }
        )
    }
}

extension AssignmentsSection {
    static let bindings: [Binding<CourseDetailState.Action>] = [
        Binding([[.character("s")]], does: "hand in to an assignment: files, a text written in your editor, or a link (type to find it, Enter picks)", hint: "submit", action: .handIn),
    ]

    func availability(of action: CourseDetailState.Action, in pane: CourseDetailState) -> Availability? {
        guard action == .handIn else { return nil }
        return pane.courseID == nil ? .disabled("No course is open") : HandInFlow.availability(with: load, takesContent: pane.capabilities.takesContent)
    }
}

extension CourseSectionKind {
    static let assignments = CourseSectionKind("assignments")
}
