/// A Canvas module object with its items, as `include[]=items` returns it.
struct CanvasModule: Decodable, Sendable {
    struct Item: Decodable, Sendable {
        var id: CanvasID
        var title: String?
        var type: String?
    }

    var id: CanvasID
    var name: String?
    var position: Int?
    var items: [Item]?
    var items_url: String?

    var module: CourseModule {
        CourseModule(
            id: id.text,
            name: name.flatMap(\.nonBlank) ?? "Module \(id.text)",
            position: position ?? 0,
            items: (items ?? []).map {
                ModuleItem(id: $0.id.text, title: $0.title.flatMap(\.nonBlank) ?? "Untitled", type: $0.type ?? "")
            }
        )
    }
}
