import CourseKit
import FoundationEssentials
import Synchronization

extension CourseClient {
    /// Serves courses from a catalog produced by `load`, which runs on every request;
    /// `now` decides which courses are current.
    ///
    /// Loading per request is what lets `r` pick up a catalog file the user just fixed.
    public static func catalog(now: @escaping @Sendable () -> Date, _ load: @escaping @Sendable () throws -> Catalog) -> CourseClient {
        CourseClient(
            coursesPage: { scope, _, _ in
                let catalog = try load()
                return Page(items: catalog.courses(in: scope, at: now()), skipped: catalog.skipped)
            },
            course: { id, _ in try load().entry(id).course },
            syllabus: { id, _ in try load().entry(id).syllabusHTML },
            modules: { id, _ in try load().entry(id).modules },
            assignments: { id, _ in try load().entry(id).assignments }
        )
    }

    /// The embedded sample catalog, decoded once when it is first asked for (a command that
    /// only lists the queue never pays for it), its dates moved to around `clock`'s today.
    public static func sample(clock: WallClock) -> CourseClient {
        let decoded = Mutex<Result<Catalog, any Error>?>(nil)
        return .catalog(now: clock.now) {
            try decoded.withLock { decoded in
                if let decoded { return try decoded.get() }
                let result = Result { try SampleCatalog.load(now: clock.now()) }
                decoded = result
                return try result.get()
            }
        }
    }

    /// A catalog file, read again on every request.
    public static func file(_ path: String, clock: WallClock) -> CourseClient {
        .catalog(now: clock.now) { try CatalogFile.read(path) }
    }
}
