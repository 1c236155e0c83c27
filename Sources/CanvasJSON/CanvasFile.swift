import CourseKit
import FoundationEssentials

/// A Canvas file (an attachment), as `GET /api/v1/courses/:id/files` and `…/files/:id` give it.
///
/// Every field but `id` may be missing, null or of another type than documented, and is then
/// left out rather than losing the file. `url` is empty (`""`) for a file locked for the user,
/// whose `lock_explanation` says why; `hidden_for_user` marks a file the user may not see.
package struct CanvasFile: Decodable, Sendable {
    package var id: CanvasID
    package var folder_id: CanvasID?
    package var display_name: String?
    package var filename: String?
    package var content_type: String?
    package var size: Int64?
    package var updated_at: String?
    package var modified_at: String?
    package var url: String?
    package var html_url: String?
    package var locked: Bool?
    package var hidden: Bool?
    package var hidden_for_user: Bool?
    package var locked_for_user: Bool?
    package var lock_explanation: String?
    package var unlock_at: String?
    package var lock_at: String?

    private enum CodingKeys: String, CodingKey {
        case id, folder_id, display_name, filename, size, updated_at, modified_at, url, html_url, locked, hidden
        case hidden_for_user, locked_for_user, lock_explanation, unlock_at, lock_at
        case content_type = "content-type"
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(CanvasID.self, forKey: .id)
        folder_id = container.lenient(CanvasID.self, .folder_id)
        display_name = container.lenient(String.self, .display_name)
        filename = container.lenient(String.self, .filename)
        content_type = container.lenient(String.self, .content_type)
        size = container.lenient(Int64.self, .size).flatMap { $0 >= 0 ? $0 : nil }
        updated_at = container.lenient(String.self, .updated_at)
        modified_at = container.lenient(String.self, .modified_at)
        url = container.lenient(String.self, .url)
        html_url = container.lenient(String.self, .html_url)
        locked = container.lenient(Bool.self, .locked)
        hidden = container.lenient(Bool.self, .hidden)
        hidden_for_user = container.lenient(Bool.self, .hidden_for_user)
        locked_for_user = container.lenient(Bool.self, .locked_for_user)
        lock_explanation = container.lenient(String.self, .lock_explanation)
        unlock_at = container.lenient(String.self, .unlock_at)
        lock_at = container.lenient(String.self, .lock_at)
    }

    /// Whether the user may not see it at all: Canvas lists hidden files to those who may not see them only by mistake.
    package var isHiddenForUser: Bool {
        hidden_for_user ?? false
    }

    /// The address that serves the bytes: http(s) with a host, nil when empty (a locked file).
    package var downloadURL: URL? {
        url.flatMap(CanvasWebURL.parse)
    }

    /// The domain file. Locked when Canvas says so, or when it gives no address to fetch it from.
    package var file: CourseFile {
        let address = downloadURL
        let isLocked = (locked_for_user ?? false) || address == nil
        return CourseFile(
            id: id.text,
            folderID: folder_id?.text,
            name: display_name.flatMap(\.nonBlank) ?? filename.flatMap(\.nonBlank) ?? "File \(id.text)",
            size: size,
            updatedAt: (updated_at ?? modified_at).flatMap(CanvasDate.parse),
            contentType: content_type.flatMap(\.nonBlank),
            downloadURL: isLocked ? nil : address,
            htmlURL: html_url.flatMap(CanvasWebURL.parse),
            isLocked: isLocked,
            lockExplanation: isLocked ? lockReason : nil
        )
    }

    /// Canvas's own explanation, else one from `unlock_at`, else a plain one.
    private var lockReason: String {
        if let explanation = CanvasLockExplanation.text(lock_explanation) {
            return explanation
        }
        if (locked_for_user ?? false) == false {
            return "Canvas gives no address to download this file from"
        }
        return "This file is locked"
    }
}

extension KeyedDecodingContainer {
    /// The value at `key` when it is there and of `type`; nil otherwise, so one odd field loses only itself.
    func lenient<Value: Decodable>(_ type: Value.Type, _ key: Key) -> Value? {
        (try? decodeIfPresent(type, forKey: key)) ?? nil
    }
}
