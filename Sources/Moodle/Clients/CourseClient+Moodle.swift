import CourseKit
import FoundationEssentials

extension CourseClient {
    /// A Moodle site through its mobile web service, as `connection` reaches it.
    ///
    /// The list is one answer for every view (the student's courses, those they removed from
    /// view too, marked) with the grade report's totals and the categories' names fetched beside it; a course's overview
    /// and syllabus share one `core_course_get_courses_by_field` (its grade is the list's, when
    /// that was read in the last minute), and its modules share `core_course_get_contents` with its files.
    public static func moodle(_ connection: MoodleConnection) -> CourseClient {
        let api = connection.api
        let shared = connection.shared
        let site = connection.siteURL
        let now = connection.clock.now
        return CourseClient(
            coursesPage: { scope, _, progress in
                let background = progress.urgency == .background
                async let listed = api.usersCourses(userID: try await api.userID(shared: shared, background: background), background: background)
                // The list is worth showing without its grades or its categories' names, where
                // the report is off or refused, or the site is older than the Dashboard's list.
                async let grades = try? shared.freshGrades(now: now()) { try await api.courseGrades(background: background) }
                async let categories = try? api.courseCategories(background: background)
                let (totals, names) = (await grades ?? [:], await categories ?? [:])
                let moment = now()
                let courses = try await listed.map { summary in
                    var named = summary
                    named.coursecategory = named.coursecategory ?? names[summary.id.value]
                    return MoodleCourse.course(named, grade: totals[summary.id.value], site: site)
                }
                return Page(items: courses.filter { scope.shows($0, at: moment) })
            },
            course: { id, progress in
                let background = progress.urgency == .background
                async let detail = shared.details.value(for: id) { try await api.courseDetail(id, background: background) }
                async let grades = try? shared.grades(now: now()) { try await api.courseGrades(background: background) }
                let found = try await detail
                return MoodleCourse.course(found, grade: await grades?[found.id.value], site: site)
            },
            syllabus: { id, progress in
                let detail = try await shared.details.value(for: id) { try await api.courseDetail(id, background: progress.urgency == .background) }
                return detail.summary.flatMap { HTMLSummary.isBlank($0) ? nil : $0 }
            },
            modules: { id, progress in
                MoodleModules.modules(try await shared.contents.value(for: id) { try await api.contents(id, background: progress.urgency == .background) })
            },
            assignments: { id, progress in
                try await api.studentAssignments(id, shared: shared, background: progress.urgency == .background, now: now())
            }
        )
    }
}

/// A course summary with no text in it, as Moodle's editor leaves an emptied one (`<p><br></p>`).
enum HTMLSummary {
    static func isBlank(_ html: String) -> Bool {
        MoodleText.name(html) == nil
    }
}
