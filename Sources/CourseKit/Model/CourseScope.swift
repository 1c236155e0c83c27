import FoundationEssentials

/// Which of the user's courses the course list shows.
public enum CourseScope: String, CaseIterable, Equatable, Sendable {
    /// Courses that have not ended: active enrollments, invitations and courses not open yet.
    case current
    /// The courses the user starred in Canvas.
    case favorites
    /// Every course, past and concluded ones too.
    case all

    /// The name the list pane shows.
    public var title: String {
        switch self {
        case .current: return "Current"
        case .favorites: return "Favorites"
        case .all: return "All"
        }
    }

    /// The view after this one, for cycling with a key.
    public var next: CourseScope {
        let all = Self.allCases
        let index = all.firstIndex(of: self) ?? 0
        return all[(index + 1) % all.count]
    }

    /// Whether this view lists `course` at `now`, for the backends that hold every course.
    package func shows(_ course: Course, at now: Date) -> Bool {
        switch self {
        case .current: return !course.hasEnded(at: now)
        case .favorites: return course.isFavorite
        case .all: return true
        }
    }
}
