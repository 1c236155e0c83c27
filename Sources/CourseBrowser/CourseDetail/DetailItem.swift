import CourseKit
import FoundationEssentials

/// An assignment or a module item in the Course pane: what selecting and opening it needs.
struct DetailItem: Equatable {
    /// Unique in the pane: `assignment 5001`, `module 7 item 12`.
    var id: String
    var title: String
    var url: URL?

    init(_ assignment: Assignment) {
        id = Self.id(ofAssignment: assignment.id)
        title = assignment.name
        url = assignment.htmlURL
    }

    /// The ID of the assignment whose own ID is `id`.
    static func id(ofAssignment id: String) -> String {
        "assignment \(id)"
    }

    init(_ item: ModuleItem, of module: CourseModule) {
        id = "module \(module.id) item \(item.id)"
        title = item.title
        url = item.htmlURL
    }
}

extension DetailItem {
    init(_ announcement: Announcement) {
        id = Self.id(ofAnnouncement: announcement.id)
        title = announcement.title
        url = announcement.htmlURL
    }

    /// The ID of the announcement whose own ID is `id`.
    static func id(ofAnnouncement id: String) -> String {
        "announcement \(id)"
    }
}
