import CourseKit
import FoundationEssentials
import Synchronization

extension CourseClient {
    /// Serves courses from the catalog index `load` gives, which runs on every request;
    /// `now` decides which courses are current and is what relative due dates count from.
    ///
    /// Asking on every request is what lets `r` pick up a catalog file the user just fixed.
    public static func catalog(now: @escaping @Sendable () -> Date, index load: @escaping @Sendable () throws -> CatalogIndex) -> CourseClient {
        CourseClient(
            coursesPage: { scope, _, _ in
                let index = try load()
                return Page(items: index.courses(in: scope, at: now()), skipped: index.skipped)
            },
            course: { id, _ in try load().course(id) },
            syllabus: { id, _ in try load().syllabus(id) },
            modules: { id, _ in try load().modules(id) },
            assignments: { id, _ in try load().assignments(id, at: now()) }
        )
    }

    /// The embedded sample catalog, decoded once when it is first asked for (a command that
    /// only lists the queue never pays for it), its dates moved to around `clock`'s today.
    public static func sample(clock: WallClock) -> CourseClient {
        let decoded = Mutex<Result<CatalogIndex, any Error>?>(nil)
        return .catalog(now: clock.now, index: {
            try decoded.withLock { decoded in
                if let decoded { return try decoded.get() }
                let result = Result { try SampleCatalog.index(now: clock.now()) }
                decoded = result
                return try result.get()
            }
        })
    }

    /// A catalog file, read again whenever it changed since it was last read.
    public static func file(_ path: String, clock: WallClock) -> CourseClient {
        let cache = CatalogFile.Cache()
        return .catalog(now: clock.now, index: { try cache.index(path) })
    }
}
