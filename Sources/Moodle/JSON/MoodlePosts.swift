/// The answer of `mod_forum_get_discussion_posts` (mod/forum/externallib.php, the post exporter):
/// every post of one discussion the student may see; only the fields read here.
struct MoodlePosts: Decodable, Sendable {
    struct Post: Decodable, Sendable {
        struct Author: Decodable, Sendable {
            var id: MoodleInt?
            var fullname: String?
        }

        var id: MoodleInt
        /// HTML, formatted for showing unless asked raw.
        var message: String?
        var author: Author?
        /// The post replied to; nil for the discussion's first post.
        var parentid: MoodleInt?
        var timecreated: MoodleInt?
        /// Nil where the student does not track the forum: not known, rather than read.
        var unread: Bool?
        var isdeleted: Bool?
    }

    var posts: [Post]
}

/// The answer of `mod_forum_add_discussion_post`: the new post's ID, with the post as exported.
struct MoodleAddedPost: Decodable, Sendable {
    var postid: MoodleInt
}
