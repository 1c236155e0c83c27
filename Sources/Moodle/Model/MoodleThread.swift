import CourseKit
import FoundationEssentials

/// A Moodle discussion's posts as a thread: the replies to its first post (the topic's own),
/// each with the replies to it, in the order they were written.
enum MoodleThread {
    /// `posts`, oldest first, as the tree under the first post; a reply whose parent the student
    /// can't see is put at the top level, never dropped.
    static func entries(_ posts: [MoodlePosts.Post]) -> [DiscussionEntry] {
        guard let first = posts.first(where: { $0.parentid == nil }) else { return [] }
        let known = Set(posts.map(\.id.value))
        var children: [Int: [MoodlePosts.Post]] = [:]
        for post in posts where post.id != first.id {
            let parent = post.parentid.map(\.value).flatMap { known.contains($0) ? $0 : nil } ?? first.id.value
            children[parent, default: []].append(post)
        }
        func entry(_ post: MoodlePosts.Post) -> DiscussionEntry {
            DiscussionEntry(
                id: String(post.id.value),
                authorName: MoodleText.name(post.author?.fullname),
                postedAt: MoodleTime.date(post.timecreated?.value),
                messageHTML: post.isdeleted == true ? "" : post.message ?? "",
                isDeleted: post.isdeleted == true,
                isUnread: post.unread == true,
                replies: (children[post.id.value] ?? []).map(entry)
            )
        }
        return (children[first.id.value] ?? []).map(entry)
    }
}
