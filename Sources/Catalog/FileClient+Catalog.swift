import CourseKit
import FoundationEssentials

extension FileClient {
    /// Serves the files of the catalog index `load` gives, with folders made from their paths;
    /// relative dates count back from the day `now` says.
    public static func catalog(now: @escaping @Sendable () -> Date, index load: @escaping @Sendable () throws -> CatalogIndex) -> FileClient {
        FileClient(
            files: { id, _ in try load().files(id, at: now()) },
            file: { course, fileID in
                guard let file = try load().files(course, at: now()).files.first(where: { $0.id == fileID }) else {
                    throw FileNotFound(id: fileID)
                }
                return file
            }
        )
    }
}
