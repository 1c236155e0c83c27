import CourseKit
import FoundationEssentials

/// A course's sections read as the Course pane reads them (the same clients, the same saved
/// copies, in the pane's order), for the commands that print a course.
package struct CourseSectionReader<Value: Sendable>: Sendable {
    /// The copy saved when the section was last seen, if any.
    package var saved: @Sendable (CourseID) -> Saved<Value>?
    /// The backend's answer.
    package var fetch: @Sendable (CourseID) async throws -> Value

    init(saved: @escaping @Sendable (CourseID) -> Saved<Value>?, fetch: @escaping @Sendable (CourseID, LoadProgress) async throws -> Value) {
        self.saved = saved
        self.fetch = { id in try await fetch(id, .ignored) }
    }
}

extension CourseSectionReader<Course> {
    /// The course itself: its names, term, teachers, dates and grade.
    package static func overview(_ environment: EnvironmentValues) -> Self {
        Self(saved: environment.savedCopies.course, fetch: OverviewSection.source(environment).fetch)
    }
}

extension CourseSectionReader<[Assignment]> {
    /// Its assignments in the pane's order (by due date, undated last), each with where the
    /// user's submission stands.
    package static func assignments(_ environment: EnvironmentValues) -> Self {
        let saved = environment.savedCopies.assignments
        let fetch = AssignmentsSection.source(environment).fetch
        return Self(saved: { id in saved(id).map { Saved(value: AssignmentLayout.sorted($0.value), savedAt: $0.savedAt) } }) { id, progress in
            AssignmentLayout.sorted(try await fetch(id, progress))
        }
    }
}

extension CourseSectionReader<[Announcement]> {
    /// Its announcements, newest first.
    package static func announcements(_ environment: EnvironmentValues) -> Self {
        // From the client itself: the section's source also lays each message out for the pane.
        let saved = environment.savedCopies.announcements
        let client = environment.announcements
        return Self(saved: { id in saved(id).map { Saved(value: Announcement.newestFirst($0.value), savedAt: $0.savedAt) } }) { id, progress in
            Announcement.newestFirst(try await client.announcements(id, progress))
        }
    }
}

extension CourseSectionReader<CourseFiles> {
    /// Its Files: every folder and file.
    package static func files(_ environment: EnvironmentValues) -> Self {
        Self(saved: environment.savedCopies.files, fetch: FilesSection.source(environment).fetch)
    }
}

extension CourseSectionReader<CourseGrades> {
    /// How its total is made: groups, weights, rules and released scores.
    package static func grades(_ environment: EnvironmentValues) -> Self {
        Self(saved: environment.savedCopies.grades, fetch: GradesSection.source(environment).fetch)
    }
}
