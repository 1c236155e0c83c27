import CourseKit
import FoundationEssentials

/// An assignment, an announcement, a file, a folder or a module item in the Course pane: what selecting and opening it needs.
struct DetailItem: Equatable {
    /// Unique in the pane: `assignment 5001`, `announcement 31`, `module 7 item 12`.
    var id: String
    var title: String
    var url: URL?
    /// The course file the item is, for a module item of type File: Enter shows it in Files.
    var fileID: String?

    init(id: String, title: String, url: URL?, fileID: String? = nil) {
        self.id = id
        self.title = title
        self.url = url
        self.fileID = fileID
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

    /// The ID of the item `item` in the module `module`.
    static func id(ofItem item: String, inModule module: String) -> String {
        "module \(module) item \(item)"
    }

    init(_ item: ModuleItem, of module: CourseModule) {
        id = Self.id(ofItem: item.id, inModule: module.id)
        title = item.title
        url = item.htmlURL
        fileID = item.fileID
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

extension DetailItem {
    /// The ID of the course file whose own ID is `id`.
    static func id(ofFile id: String) -> String {
        "file \(id)"
    }

    /// The ID of the course folder whose own ID is `id`.
    static func id(ofFolder id: String) -> String {
        "folder \(id)"
    }

    /// A file, opening its own page, else the course's Files page.
    init(_ file: CourseFile, filesPage: URL?) {
        self.init(id: Self.id(ofFile: file.id), title: file.name, url: file.htmlURL ?? filesPage)
    }

    /// A folder, which opens the course's Files page: the backend gives no page of its own.
    init(_ folder: CourseFolder, filesPage: URL?) {
        self.init(id: Self.id(ofFolder: folder.id), title: folder.name, url: filesPage)
    }
}

extension DetailItem {
    /// The ID of the discussion whose own ID is `id`.
    static func id(ofTopic id: String) -> String {
        "discussion \(id)"
    }

    init(_ topic: DiscussionTopic) {
        self.init(id: Self.id(ofTopic: topic.id), title: topic.title, url: topic.htmlURL)
    }

    /// The ID of the reply `entry` in the discussion `topic`: the discussion's ID, then the reply's.
    static func id(ofEntry entry: String, in topic: String) -> String {
        id(ofTopic: topic) + " entry " + entry
    }

    /// A reply in an open discussion, which opens the discussion's page at the reply.
    init(_ entry: DiscussionEntry, in topic: DiscussionTopic) {
        let page = topic.htmlURL.flatMap { URL(string: "#entry-" + entry.id, relativeTo: $0)?.absoluteURL } ?? topic.htmlURL
        self.init(id: Self.id(ofEntry: entry.id, in: topic.id), title: "the reply by \(entry.authorName ?? "someone") in \(topic.title)", url: page)
    }
}
