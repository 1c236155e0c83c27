import CourseKit
import FoundationEssentials
import TerminalUI

/// The course itself: its name, code, term, teachers, dates and the student's grade.
struct OverviewSection: FetchedSection {
    static let kind = CourseSectionKind.overview
    static let label = "course"
    private(set) var load = LoadState<Course>()

    /// Applies a load, and tells the host the course arrived, with the backend's own form of its
    /// ID: once, as a refresh of the backend's own answer tells it nothing new.
    mutating func update(_ event: LoadEvent<Course>) -> [CourseDetailState.Effect] {
        let refreshedAnswer = load.isRefreshing && load.savedAt == nil
        load.apply(event)
        guard case let .finished(.success(course)) = event, !refreshedAnswer else { return [] }
        return [.courseLoaded(course)]
    }

    static func source(_ environment: EnvironmentValues) -> SectionSource<Course> {
        let client = environment.courseClient
        return SectionSource(saved: environment.savedCopies.course) { try await client.course($0, $1) }
    }

    var course: Course? { load.value }

    func lines(in context: SectionContext) -> SectionLines {
        SectionLines(rows(width: context.width, glyphs: context.glyphs) { course in
            (DetailText.overview(course, width: context.width, now: context.now, glyphs: context.glyphs) + Self.gradeLines(course, width: context.width))
                .map(DetailLine.text)
        })
    }

    /// The user's current grade under the course's facts: the grading period's, and the total
    /// over all periods where the course shows it; why there is none where the course hides it.
    static func gradeLines(_ course: Course, width: Int) -> [StyledLine] {
        OverviewGradeText.lines(course).flatMap { DetailText.wrap($0.text, width: width, style: $0.style) }
    }
}

extension CourseSectionKind {
    static let overview = CourseSectionKind("overview")
}
