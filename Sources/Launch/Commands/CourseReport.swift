import CourseBrowser
import CourseKit
import FoundationEssentials

/// What the `course` command prints: the course, and its assignments, announcements and files,
/// each read on its own as the Course pane reads its sections, so one that can't be had leaves
/// the others standing.
struct CourseReport {
    /// One section: its value and when its saved copy was made (nil: the site's answer), or why
    /// neither could be had.
    struct Part<Value> {
        var outcome: Result<(value: Value, savedAt: Date?), SavedCopyFallback.Failure>

        var value: Value? { (try? outcome.get())?.value }
        var savedAt: Date? { (try? outcome.get())?.savedAt }

        var failure: SavedCopyFallback.Failure? {
            guard case let .failure(failure) = outcome else { return nil }
            return failure
        }
    }

    var course: Course
    var courseSavedAt: Date?
    var assignments: Part<[Assignment]>
    var announcements: Part<[Announcement]>
    var files: Part<CourseFiles>

    /// The oldest saved copy shown in place of the site's answer; nil when every part is fresh.
    var savedAt: Date? {
        [courseSavedAt, assignments.savedAt, announcements.savedAt, files.savedAt].compactMap { $0 }.min()
    }

    /// The sections that could be had neither from the site nor from a saved copy, by name.
    var unavailable: [(section: String, failure: SavedCopyFallback.Failure)] {
        [("assignments", assignments.failure), ("announcements", announcements.failure), ("files", files.failure)]
            .compactMap { name, failure in failure.map { (name, $0) } }
    }

    /// Where each part is read from.
    struct Readers {
        var overview: CourseSectionReader<Course>
        var assignments: CourseSectionReader<[Assignment]>
        var announcements: CourseSectionReader<[Announcement]>
        var files: CourseSectionReader<CourseFiles>

        /// The Course pane's own.
        static func of(_ environment: EnvironmentValues) -> Readers {
            Readers(overview: .overview(environment), assignments: .assignments(environment), announcements: .announcements(environment), files: .files(environment))
        }
    }

    /// Reads every part at once; nil, with the failure said (as JSON too when `json`), when the
    /// course itself can be had neither from the site nor from a saved copy.
    static func load(_ id: CourseID, environment: EnvironmentValues, json: Bool) async -> CourseReport? {
        switch await load(id, from: .of(environment), now: environment.clock.now()) {
        case let .failure(failure):
            FailureReport.say(failure.message, kind: failure.kind, json: json)
            return nil
        case let .success(report):
            for (section, failure) in report.unavailable {
                QueueCommands.printError("\(section.capitalized): \(failure.message)")
            }
            return report
        }
    }

    /// Reads every part at once from `readers`; the failure when the course itself can be had
    /// neither from the site nor from a saved copy. With `within`, the site is waited for at most
    /// that long where a saved copy can stand in.
    static func load(
        _ id: CourseID, from readers: Readers, now: Date, within limit: Duration? = nil
    ) async -> Result<CourseReport, SavedCopyFallback.Failure> {
        async let course = part(readers.overview, id, what: "course \(id) is", now: now, within: limit)
        async let assignments = part(readers.assignments, id, section: "assignments", now: now, within: limit)
        async let announcements = part(readers.announcements, id, section: "announcements", now: now, within: limit)
        async let files = part(readers.files, id, section: "files", now: now, within: limit)
        let overview = await course
        guard let value = overview.value else {
            return .failure(overview.failure ?? SavedCopyFallback.Failure(message: "course \(id) could not be read", kind: .failed))
        }
        return .success(CourseReport(course: value, courseSavedAt: overview.savedAt, assignments: await assignments, announcements: await announcements, files: await files))
    }

    /// Section `section` of course `id` from `reader`, or its saved copy (`SavedCopyFallback`).
    static func part<Value>(
        _ reader: CourseSectionReader<Value>, _ id: CourseID, section: String, now: Date, within limit: Duration? = nil
    ) async -> Part<Value> {
        await part(reader, id, what: "course \(id)'s \(section) are", label: section.capitalized + ": ", now: now, within: limit)
    }

    private static func part<Value>(
        _ reader: CourseSectionReader<Value>, _ id: CourseID, what: String, label: String = "", now: Date, within limit: Duration?
    ) async -> Part<Value> {
        Part(outcome: await SavedCopyFallback.outcome(
            { try await reader.fetch(id) }, saved: { reader.saved(id) },
            nothingSaved: "\(what) not saved on this machine yet", now: now, label: label, within: limit
        ))
    }
}
