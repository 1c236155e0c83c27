import CourseKit
import FoundationEssentials

/// The course list as the pane shows it, for the `courses` command: the same groups in the same
/// order, the same grade and the same word for a course that is special.
package enum CourseListing {
    /// One term's heading and its courses, in the pane's order.
    package struct Group: Equatable {
        /// `Fall 2026`, `Spring 2026 · ended`, `Not available now`.
        package var heading: String
        package var courses: [Course]
    }

    /// Every course of `scope`, page after page, read as the pane reads its listing: each course
    /// once, ending with an error at a page that leads back to one already read, past the page
    /// limit, or after the time limit.
    package static func allCourses(of scope: CourseScope, from client: CourseClient, now: () -> Date) async throws -> [Course] {
        var listing = PagedState<Course>()
        var cursor: PageCursor?
        repeat {
            _ = listing.apply(.started(at: now(), keepingValue: false))
            cursor = listing.apply(.finished(.success(try await client.coursesPage(scope, cursor, .ignored))))
        } while cursor != nil
        if let failure = listing.failure { throw failure.error }
        return listing.items
    }

    /// `courses` grouped under their terms as the pane groups them at `now`.
    package static func groups(_ courses: [Course], now: Date) -> [Group] {
        let laidOut = CourseGroups(courses, now: now)
        var groups: [Group] = []
        for row in laidOut.rows {
            switch row {
            case let .heading(text): groups.append(Group(heading: text, courses: []))
            case let .course(index): groups[groups.count - 1].courses.append(laidOut.courses[index])
            }
        }
        return groups
    }

    /// What the grade column says: the letter, else the percentage; nil where the course hides
    /// its totals or has no grade yet.
    package static func grade(_ course: Course) -> String? {
        course.shownGrade.map(GradeText.short).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Why the course is special, as the list says it where its code would go: `restricted`,
    /// `invited`, `hidden`; nil for an ordinary one.
    package static func standing(_ course: Course) -> String? {
        if course.isRestricted { return "restricted" }
        if course.enrollment == .invited { return "invited" }
        if course.isHidden { return "hidden" }
        return nil
    }
}
