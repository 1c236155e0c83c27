import CanvasJSON
import CourseKit
import FoundationEssentials

extension Catalog {
    /// The relative posting dates of `announcements`, by ID.
    static func postedAges(of announcements: [CanvasAnnouncement]) -> [String: TimeInterval] {
        // An ID given twice takes its last age, as a JSON object's repeated key would.
        Dictionary(announcements.compactMap { one in one.postedAge.map { (one.id.text, $0) } }) { _, last in last }
    }
}

extension Catalog.Entry {
    /// The announcements, each posting date given relative to the reading counted back from `now`.
    func announcements(at now: Date) -> [Announcement] {
        announcements.map { announcement in
            guard let age = postedAges[announcement.id] else { return announcement }
            var resolved = announcement
            resolved.postedAt = now.addingTimeInterval(-age)
            return resolved
        }
    }
}

extension CatalogIndex {
    /// The announcements of course `id`, decoded now, in the catalog's order; posting dates
    /// given relative to the reading are counted back from `now`.
    public func announcements(_ id: CourseID, at now: Date) throws -> [Announcement] {
        let summary = try summary(id)
        let entry = try entry(summary, part: summary.announcements, field: "announcements") { (announcements: [CanvasAnnouncement]) in
            Catalog.Entry(
                course: summary.course, announcements: announcements.map(\.announcement), postedAges: Catalog.postedAges(of: announcements)
            )
        }
        return entry.announcements(at: now)
    }
}
