/// A forum as `mod_forum_get_forums_by_courses` lists it (a bare list); only the fields read here.
struct MoodleForum: Decodable, Sendable {
    var id: MoodleInt
    var course: MoodleInt?
    /// `news` for a course's announcements.
    var type: String
    var name: String?
    var cmid: MoodleInt?
    /// Whether read and unread posts are kept for the student; without it every post counts as read.
    var istracked: Bool?
}

/// The answer of `mod_forum_get_forum_discussions` (mod/forum/externallib.php).
struct MoodleDiscussions: Decodable, Sendable {
    struct Discussion: Decodable, Sendable {
        /// The discussion's first post.
        var id: MoodleInt?
        /// The discussion's ID (`id` is its first post's).
        var discussion: MoodleInt
        var name: String?
        var subject: String?
        /// HTML of the first post.
        var message: String?
        var created: MoodleInt?
        var timemodified: MoodleInt?
        var userfullname: String?
        /// Unread posts; always 0 in a forum the student does not track.
        var numunread: MoodleInt?
        var numreplies: MoodleInt?
        var pinned: Bool?
        /// Locked by the teacher, or by the forum after a time without posts.
        var locked: Bool?
        /// Whether the student may post in it (`forum_user_can_post`).
        var canreply: Bool?
    }

    var discussions: [Discussion]
}
