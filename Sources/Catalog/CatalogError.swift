import CourseKit

/// Why a catalog file could not be used, naming the file.
public enum CatalogError: UserFacingError, Equatable {
    case missing(path: String)
    case unreadable(path: String, reason: String)
    case malformed(path: String, detail: String)

    public var userMessage: String {
        switch self {
        case let .missing(path):
            return "Can't find catalog file \(path)"
        case let .unreadable(path, reason):
            return "Can't read catalog file \(path): \(reason)"
        case let .malformed(path, detail):
            return "Catalog file \(path) is not valid: \(detail)"
        }
    }
}
