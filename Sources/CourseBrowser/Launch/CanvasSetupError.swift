import CourseKit

/// A Canvas backend that can't start: no token, or a token file that can't be read.
public enum CanvasSetupError: UserFacingError, Equatable {
    case missingToken
    case unreadableTokenFile(path: String, reason: String)
    case emptyTokenFile(path: String)

    public var userMessage: String {
        switch self {
        case .missingToken:
            return "Canvas needs an access token: set CANVAS_TOKEN or pass --token-file PATH"
        case let .unreadableTokenFile(path, reason):
            return "Can't read token file \(path): \(reason)"
        case let .emptyTokenFile(path):
            return "Token file \(path) is empty"
        }
    }
}
