import CourseKit
import FoundationEssentials

/// Reads a catalog file, turning every failure into a `CatalogError` that names the file;
/// `Cache` keeps its index while the file stays as it was.
public enum CatalogFile {
    static func contents(of path: String) throws -> Data {
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw CatalogError.missing(path: path)
        }
        if isDirectory {
            throw CatalogError.unreadable(path: path, reason: "it is a folder")
        }
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw CatalogError.unreadable(path: path, reason: "permission denied")
        }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw CatalogError.unreadable(path: path, reason: "the file could not be read")
        }
    }
}
