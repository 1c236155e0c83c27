import CourseKit
import FoundationEssentials
import HTTP

extension CourseClient {
    /// Canvas LMS over HTTPS as `connection` reaches it.
    public static func canvas(_ connection: CanvasConnection) -> CourseClient {
        canvas(connection.api)
    }

    static func canvas(_ api: CanvasAPI) -> CourseClient {
        let restricted = RestrictedCourses()
        return CourseClient(
            coursesPage: { scope, cursor, progress in
                let page = try await api.reporting(to: progress).coursesPage(scope, after: cursor)
                restricted.note(page.items)
                return page
            },
            course: { id, progress in
                do {
                    return api.withWebAddress(try await api.reporting(to: progress).course(id, include: CanvasAPI.listIncludes).siteCourse)
                } catch CanvasError.notPermitted(.course(id)) where restricted.contains(id) {
                    return .restricted(id)
                }
            },
            syllabus: { id, progress in try await api.reporting(to: progress).course(id, include: ["syllabus_body"]).syllabus_body },
            modules: { id, progress in try await api.reporting(to: progress).modules(id) },
            assignments: { id, progress in try await api.reporting(to: progress).assignments(id) }
        )
    }
}
