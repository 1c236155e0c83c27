import CourseKit
import FoundationEssentials

/// An assignment, an announcement or a module item in the Course pane: what selecting and opening it needs.
struct DetailItem: Equatable {
    /// Unique in the pane: `assignment 5001`, `announcement 31`, `module 7 item 12`.
    var id: String
    var title: String
    var url: URL?

    init(id: String, title: String, url: URL?) {
        self.id = id
        self.title = title
        self.url = url
    }

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
    /// The ID of the announcement whose own ID is `id`.
    static func id(ofAnnouncement id: String) -> String {
        "announcement \(id)"
    }

    init(_ announcement: Announcement) {
        self.init(id: Self.id(ofAnnouncement: announcement.id), title: announcement.title, url: announcement.htmlURL)
    }
}
