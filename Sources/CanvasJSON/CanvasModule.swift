import CourseKit

/// A Canvas module object with its items, as `include[]=items&include[]=content_details` returns it.
///
/// `state` and `completion_requirement.completed` come only for students; lock details
/// of an item only with `content_details`.
package struct CanvasModule: Decodable, Sendable {
    package struct Item: Decodable, Sendable {
        package struct Requirement: Decodable, Sendable {
            package var type: String?
            package var completed: Bool?
        }

        package struct Details: Decodable, Sendable {
            package var locked_for_user: Bool?
            package var lock_explanation: String?
        }

        package var id: CanvasID
        package var title: String?
        package var type: String?
        package var completion_requirement: Requirement?
        package var content_details: Details?
        package var html_url: String?
        /// The ID of what the item shows: for a `File`, the course file's.
        package var content_id: CanvasID?

        private enum CodingKeys: String, CodingKey {
            case id, title, type, completion_requirement, content_details, html_url, content_id
        }

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(CanvasID.self, forKey: .id)
            title = try container.decodeIfPresent(String.self, forKey: .title)
            type = try container.decodeIfPresent(String.self, forKey: .type)
            completion_requirement = try container.decodeIfPresent(Requirement.self, forKey: .completion_requirement)
            content_details = try container.decodeIfPresent(Details.self, forKey: .content_details)
            html_url = try container.decodeIfPresent(String.self, forKey: .html_url)
            // Only a file's is needed; a content ID that can't be read must not lose the item.
            content_id = type == "File" ? try? container.decodeIfPresent(CanvasID.self, forKey: .content_id) : nil
        }
    }

    package var id: CanvasID
    package var name: String?
    package var position: CanvasWholeNumber?
    package var state: String?
    package var unlock_at: String?
    package var items: [Item]?
    package var items_url: String?

    package var module: CourseModule {
        CourseModule(
            id: id.text,
            name: name.flatMap(\.nonBlank) ?? "Module \(id.text)",
            position: position?.value ?? 0,
            items: (items ?? []).map(\.item),
            progress: state.flatMap(CourseModule.Progress.init(rawValue:)),
            unlockAt: unlock_at.flatMap(CanvasDate.parse)
        )
    }
}

extension CanvasModule.Item {
    package var item: ModuleItem {
        let locked = content_details?.locked_for_user ?? false
        return ModuleItem(
            id: id.text,
            title: title.flatMap(\.nonBlank) ?? "Untitled",
            type: type ?? "",
            isLocked: locked,
            lockExplanation: locked ? CanvasLockExplanation.text(content_details?.lock_explanation) : nil,
            requirement: completion_requirement.flatMap { requirement in
                requirement.type.map { ModuleItem.Requirement(kind: $0, isCompleted: requirement.completed) }
            },
            htmlURL: html_url.flatMap(CanvasWebURL.parse),
            fileID: type == "File" ? content_id?.text : nil
        )
    }
}
