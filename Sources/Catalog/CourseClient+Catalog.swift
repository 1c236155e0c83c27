import CourseKit
import FoundationEssentials

extension CourseClient {
    /// Serves courses from the catalog index `load` gives, which runs on every request;
    /// `now` decides which courses are current, and relative due dates count from the moment a
    /// reading of the catalog was first used.
    ///
    /// Asking on every request is what lets `r` pick up a catalog file the user just fixed.
    public static func catalog(now: @escaping @Sendable () -> Date, index load: @escaping @Sendable () throws -> CatalogIndex) -> CourseClient {
        let anchor = CatalogAnchor(now: now)
        return CourseClient(
            coursesPage: { scope, _, _ in
                let index = try load()
                return Page(items: index.courses(in: scope, at: now()), skipped: index.skipped)
            },
            course: { id, _ in try load().course(id) },
            syllabus: { id, _ in try load().syllabus(id) },
            modules: { id, _ in try load().modules(id) },
            assignments: { id, _ in
                let index = try load()
                return try index.assignments(id, at: anchor.moment(for: index))
            }
        )
    }

    /// The embedded sample catalog, as `CatalogClients.sample` serves it.
    public static func sample(clock: WallClock) -> CourseClient {
        CatalogClients.sample(clock: clock).courses
    }

    /// A catalog file, as `CatalogClients.file` serves it.
    public static func file(_ path: String, clock: WallClock) -> CourseClient {
        CatalogClients.file(path, clock: clock).courses
    }
}
