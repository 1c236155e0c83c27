import CourseKit
import FoundationEssentials
import Synchronization

/// The clients one catalog serves, reading one index between them: a catalog file of a whole
/// school is indexed once, whichever asks first.
public struct CatalogClients: Sendable {
    public var courses: CourseClient
    public var announcements: AnnouncementClient
    public var files: FileClient
    /// Serves the files' bytes for downloads.
    public var downloads: DownloadTransport

    /// The clients of the catalog index `load` gives, which runs on every request; `now` decides
    /// which courses are current and is what relative dates count from.
    public static func catalog(now: @escaping @Sendable () -> Date, index load: @escaping @Sendable () throws -> CatalogIndex) -> CatalogClients {
        CatalogClients(
            courses: .catalog(now: now, index: load), announcements: .catalog(now: now, index: load),
            files: .catalog(now: now, index: load), downloads: .catalog(now: now, index: load)
        )
    }

    /// The embedded sample catalog, decoded once when it is first asked for (a command that
    /// only lists the queue never pays for it), its dates moved to around `clock`'s today.
    public static func sample(clock: WallClock) -> CatalogClients {
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
    public static func file(_ path: String, clock: WallClock) -> CatalogClients {
        let cache = CatalogFile.Cache()
        return .catalog(now: clock.now, index: { try cache.index(path) })
    }
}
