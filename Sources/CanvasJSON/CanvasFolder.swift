import CourseKit
import FoundationEssentials

/// A Canvas folder, as `GET /api/v1/courses/:id/folders` lists it.
///
/// `full_name` starts with the course's top folder (`course files/Lectures`); the top folder has
/// no `parent_folder_id`. Every field but `id` is read leniently, as `CanvasFile`'s.
package struct CanvasFolder: Decodable, Sendable {
    package var id: CanvasID
    package var name: String?
    package var full_name: String?
    package var parent_folder_id: CanvasID?
    package var files_count: Int?
    package var folders_count: Int?
    package var locked_for_user: Bool?
    package var lock_explanation: String?
    package var hidden_for_user: Bool?

    private enum CodingKeys: String, CodingKey {
        case id, name, full_name, parent_folder_id, files_count, folders_count, locked_for_user, lock_explanation, hidden_for_user
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(CanvasID.self, forKey: .id)
        name = container.lenient(String.self, .name)
        full_name = container.lenient(String.self, .full_name)
        parent_folder_id = container.lenient(CanvasID.self, .parent_folder_id)
        files_count = container.lenient(Int.self, .files_count)
        folders_count = container.lenient(Int.self, .folders_count)
        locked_for_user = container.lenient(Bool.self, .locked_for_user)
        lock_explanation = container.lenient(String.self, .lock_explanation)
        hidden_for_user = container.lenient(Bool.self, .hidden_for_user)
    }

    package var isHiddenForUser: Bool {
        hidden_for_user ?? false
    }

    /// The domain folder; a folder without a `full_name` is named by its `name` below the top.
    package var folder: CourseFolder {
        let locked = locked_for_user ?? false
        let fullName = full_name.flatMap(\.nonBlank) ?? name.flatMap(\.nonBlank).map { "course files/\($0)" } ?? "Folder \(id.text)"
        return CourseFolder(
            id: id.text,
            parentID: parent_folder_id?.text,
            fullName: fullName,
            isLocked: locked,
            lockExplanation: locked ? CanvasLockExplanation.text(lock_explanation) : nil
        )
    }
}
