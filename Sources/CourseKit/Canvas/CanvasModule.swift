/// A Canvas module object with its items, as `include[]=items&include[]=content_details` returns it.
///
/// `state` and `completion_requirement.completed` come only for students; lock details
/// of an item only with `content_details`.
struct CanvasModule: Decodable, Sendable {
    struct Item: Decodable, Sendable {
        struct Requirement: Decodable, Sendable {
            var type: String?
            var completed: Bool?
        }

        struct Details: Decodable, Sendable {
            var locked_for_user: Bool?
            var lock_explanation: String?
        }

        var id: CanvasID
        var title: String?
        var type: String?
        var completion_requirement: Requirement?
        var content_details: Details?
    }

    var id: CanvasID
    var name: String?
    var position: Int?
    var state: String?
    var unlock_at: String?
    var items: [Item]?
    var items_url: String?

    var module: CourseModule {
        CourseModule(
            id: id.text,
            name: name.flatMap(\.nonBlank) ?? "Module \(id.text)",
            position: position ?? 0,
            items: (items ?? []).map(\.item),
            progress: state.flatMap(CourseModule.Progress.init(rawValue:)),
            unlockAt: unlock_at.flatMap(CanvasDate.parse)
        )
    }
}

extension CanvasModule.Item {
    var item: ModuleItem {
        let locked = content_details?.locked_for_user ?? false
        return ModuleItem(
            id: id.text,
            title: title.flatMap(\.nonBlank) ?? "Untitled",
            type: type ?? "",
            isLocked: locked,
            lockExplanation: locked ? content_details?.lock_explanation.flatMap(\.nonBlank) : nil,
            requirement: completion_requirement.flatMap { requirement in
                requirement.type.map { ModuleItem.Requirement(kind: $0, isCompleted: requirement.completed) }
            }
        )
    }
}
