import FoundationEssentials

/// A Canvas module: an ordered group of items inside a course.
public struct CourseModule: Equatable, Sendable, Identifiable, Codable {
    public var id: String
    public var name: String
    public var position: Int
    public var items: [ModuleItem]
    /// Where the user stands in the module; Canvas tells students only.
    public var progress: Progress?
    /// When a module locked by date opens.
    public var unlockAt: Date?

    public init(id: String, name: String, position: Int, items: [ModuleItem], progress: Progress? = nil, unlockAt: Date? = nil) {
        self.id = id
        self.name = name
        self.position = position
        self.items = items
        self.progress = progress
        self.unlockAt = unlockAt
    }

    /// A student's progress through a module, as Canvas's `state` names it.
    public enum Progress: String, Equatable, Sendable, Codable {
        /// Not open yet: a date or unmet prerequisites.
        case locked
        case unlocked
        case started
        case completed
    }

    /// Whether the user can't open the module at `now`.
    public func isLocked(at now: Date) -> Bool {
        if progress == .locked { return true }
        return unlockAt.map { $0 > now } ?? false
    }
}

/// One entry of a module: a page, assignment, quiz, file and so on.
public struct ModuleItem: Equatable, Sendable, Identifiable, Codable {
    public var id: String
    public var title: String
    public var type: String
    /// Why the user can't open it yet, in Canvas's words, when it is locked for them.
    public var lockExplanation: String?
    public var isLocked: Bool
    /// What the user must do to complete the item, and whether they have.
    public var requirement: Requirement?
    /// Its page on the web, for the browser.
    public var htmlURL: URL?
    /// For an item of type `File`, the course file it is (Canvas's `content_id`), so it can be downloaded.
    public var fileID: String?

    public init(
        id: String, title: String, type: String, isLocked: Bool = false, lockExplanation: String? = nil, requirement: Requirement? = nil,
        htmlURL: URL? = nil, fileID: String? = nil
    ) {
        self.id = id
        self.title = title
        self.type = type
        self.isLocked = isLocked
        self.lockExplanation = lockExplanation
        self.requirement = requirement
        self.htmlURL = htmlURL
        self.fileID = fileID
    }

    /// A module item's completion requirement (`must_view`, `must_submit`, …).
    public struct Requirement: Equatable, Sendable, Codable {
        public var kind: String
        /// Whether the user met it; `nil` when Canvas keeps no progress for them (teachers).
        public var isCompleted: Bool?

        public init(kind: String, isCompleted: Bool?) {
            self.kind = kind
            self.isCompleted = isCompleted
        }

        /// The requirement as a person says it: "view", "submit", "score at least 7".
        public var summary: String {
            switch kind {
            case "must_view": return "view"
            case "must_submit": return "submit"
            case "must_contribute": return "contribute"
            case "min_score": return "reach the minimum score"
            case "must_mark_done": return "mark as done"
            default: return kind.replacing("_", with: " ")
            }
        }
    }
}
