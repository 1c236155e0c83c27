import CourseKit
import FoundationEssentials

/// What a tool call answered: its data and when the saved copy it came from was saved (nil: the
/// site's answer now), or why it could not answer, as the command line's failures say it.
enum MCPToolAnswer: Sendable {
    /// What a tool read, and when the saved copy it came from was saved (nil: the site's answer now).
    struct Data: Sendable {
        var value: PrettyJSON.Value
        var savedAt: Date?

        init(_ value: PrettyJSON.Value, savedAt: Date?) {
            self.value = value
            self.savedAt = savedAt
        }
    }

    case data(Data)
    case failure(kind: String, message: String)

    static func failure(_ failure: SavedCopyFallback.Failure) -> MCPToolAnswer {
        .failure(kind: failure.kind.rawValue, message: failure.message)
    }

    /// Arguments the tool can't use: a failure of kind `usage`.
    static func usage(_ message: String) -> MCPToolAnswer {
        .failure(kind: FailureKind.usage.rawValue, message: message)
    }
}
