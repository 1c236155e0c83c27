import FoundationEssentials

/// A message a course's teachers posted to everyone in it, as a student reads it: when, by
/// whom, and whether they have read it yet.
///
/// Canvas keeps announcements as discussion topics; its `read_state` is the student's own.
public struct Announcement: Equatable, Sendable, Identifiable, Codable {
    public var id: String
    public var title: String
    /// The message as HTML, shown as text.
    public var messageHTML: String
    /// When it was posted; nil where the backend didn't say.
    public var postedAt: Date?
    /// Who posted it, when the backend names them (an anonymous post names nobody).
    public var authorName: String?
    public var isRead: Bool
    /// Its page on the web, for the browser.
    public var htmlURL: URL?
    /// Files posted with it (Canvas gives a topic at most one), downloadable as course files are;
    /// nil where the backend didn't say.
    public var attachments: [CourseFile]?

    public init(
        id: String, title: String, messageHTML: String = "", postedAt: Date? = nil, authorName: String? = nil, isRead: Bool = false,
        htmlURL: URL? = nil, attachments: [CourseFile]? = nil
    ) {
        self.id = id
        self.title = title
        self.messageHTML = messageHTML
        self.postedAt = postedAt
        self.authorName = authorName
        self.isRead = isRead
        self.htmlURL = htmlURL
        self.attachments = attachments
    }
}

extension Announcement {
    /// How far back a course's announcements are shown whether read or not: two weeks, as
    /// Canvas's own announcements list goes back by default.
    public static let recentSpan: TimeInterval = 14 * 86_400

    /// `announcements` newest first; undated last, ties by ID so the order never moves between loads.
    public static func newestFirst(_ announcements: [Announcement]) -> [Announcement] {
        NewestFirst.sorted(announcements, date: \.postedAt, id: \.id)
    }
}
