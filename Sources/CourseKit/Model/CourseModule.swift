/// A Canvas module: an ordered group of items inside a course.
public struct CourseModule: Equatable, Sendable, Identifiable {
    public var id: String
    public var name: String
    public var position: Int
    public var items: [ModuleItem]

    public init(id: String, name: String, position: Int, items: [ModuleItem]) {
        self.id = id
        self.name = name
        self.position = position
        self.items = items
    }
}

/// One entry of a module: a page, assignment, quiz, file and so on.
public struct ModuleItem: Equatable, Sendable, Identifiable {
    public var id: String
    public var title: String
    public var type: String

    public init(id: String, title: String, type: String) {
        self.id = id
        self.title = title
        self.type = type
    }
}
