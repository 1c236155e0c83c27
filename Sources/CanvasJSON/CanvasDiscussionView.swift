import CourseKit
import FoundationEssentials

/// What `GET …/discussion_topics/:id/view` answers: the thread as a tree (`view`), built by a
/// job that runs about ten seconds after a post, so the newest replies come apart in
/// `new_entries` (with `include_new_entries=1`); which entries the user hasn't read; and the
/// participants the entries name by `user_id`.
package struct CanvasDiscussionView: Decodable, Sendable {
    package struct Participant: Decodable, Sendable {
        package var id: CanvasID
        package var display_name: String?
    }

    package struct Entry: Decodable, Sendable {
        package let id: CanvasID
        package let parent_id: CanvasID?
        package let user_id: CanvasID?
        package let created_at: String?
        package let message: String?
        package let deleted: Bool?
        package let replies: [Entry]?
    }

    package var unread_entries: [CanvasID]?
    package var participants: [Participant]?
    package var view: [Entry]?
    package var new_entries: [Entry]?

    /// The thread as a tree in the order it was written, the new entries put under their parents
    /// (or at the end, when the parent isn't in the tree), each named by its participant and
    /// marked unread where `unread_entries` lists it.
    package var entries: [DiscussionEntry] {
        let named = (participants ?? []).compactMap { person in person.display_name?.nonBlank.map { (person.id.text, $0) } }
        let names = Dictionary(named, uniquingKeysWith: { first, _ in first })
        let unread = Set((unread_entries ?? []).map(\.text))
        func convert(_ entry: Entry) -> DiscussionEntry {
            DiscussionEntry(
                id: entry.id.text,
                authorName: entry.user_id.flatMap { names[$0.text] },
                postedAt: entry.created_at.flatMap(CanvasDate.parse),
                messageHTML: entry.deleted == true ? "" : entry.message ?? "",
                isDeleted: entry.deleted == true,
                isUnread: unread.contains(entry.id.text),
                replies: (entry.replies ?? []).map(convert)
            )
        }
        var tree = (view ?? []).map(convert)
        var known = Set(Self.ids(tree))
        for entry in new_entries ?? [] where known.insert(entry.id.text).inserted {
            let converted = convert(entry)
            if let parent = entry.parent_id?.text, Self.insert(converted, under: parent, in: &tree) { continue }
            tree.append(converted)
        }
        return tree
    }

    private static func ids(_ entries: [DiscussionEntry]) -> [String] {
        entries.flatMap { [$0.id] + ids($0.replies) }
    }

    /// Puts `entry` last among the replies to `parent`; false when `parent` isn't in `entries`.
    private static func insert(_ entry: DiscussionEntry, under parent: String, in entries: inout [DiscussionEntry]) -> Bool {
        for index in entries.indices {
            if entries[index].id == parent {
                entries[index].replies.append(entry)
                return true
            }
            if insert(entry, under: parent, in: &entries[index].replies) { return true }
        }
        return false
    }
}
