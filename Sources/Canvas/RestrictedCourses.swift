import CourseKit
import Synchronization

/// The courses Canvas listed only as `{"id": N, "access_restricted_by_date": true}`.
///
/// Canvas answers a request for such a course with a plain "not authorized"; remembering
/// the list's stub lets the client say why instead. One set per client, shared by its calls.
final class RestrictedCourses: Sendable {
    private let ids = Mutex<Set<CourseID>>([])

    func note(_ courses: [Course]) {
        ids.withLock { ids in
            for course in courses {
                if course.isRestricted {
                    ids.insert(course.id)
                } else {
                    ids.remove(course.id)
                }
            }
        }
    }

    func contains(_ id: CourseID) -> Bool {
        ids.withLock { $0.contains(id) }
    }
}
