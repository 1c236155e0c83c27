import CourseKit
import FoundationEssentials

extension MoodleAPI {
    /// The most discussions of a news forum read at once: months of a course's announcements.
    static let discussionsPerPage = 100

    /// A course's forums: those that hold its announcements (`type` `news`), and those to discuss in.
    func forums(_ course: CourseID, background: Bool) async throws -> [MoodleForum] {
        var parameters = MoodleParameters()
        parameters.add("courseids", list: [String(try Self.number(of: course))])
        return try await call([MoodleForum].self, "mod_forum_get_forums_by_courses", parameters, Call(isBackground: background))
    }

    /// The latest discussions of `forum`: newest first by when each was posted, or, `byLastPost`,
    /// by its latest reply.
    func discussions(of forum: Int, byLastPost: Bool = false, background: Bool) async throws -> [MoodleDiscussions.Discussion] {
        var parameters = MoodleParameters()
        parameters.add("forumid", forum)
        // 1: by the last post, newest first; 3: by when each was posted, newest first.
        parameters.add("sortorder", byLastPost ? 1 : 3)
        parameters.add("page", 0)
        parameters.add("perpage", Self.discussionsPerPage)
        return try await call(MoodleDiscussions.self, "mod_forum_get_forum_discussions", parameters, Call(isBackground: background)).discussions
    }

    /// Every post of `discussion` the student may see, oldest first (`newestFirst`: newest first).
    func posts(of discussion: Int, newestFirst: Bool = false) async throws -> [MoodlePosts.Post] {
        var parameters = MoodleParameters()
        parameters.add("discussionid", discussion)
        parameters.add("sortby", "created")
        parameters.add("sortdirection", newestFirst ? "DESC" : "ASC")
        return try await call(MoodlePosts.self, "mod_forum_get_discussion_posts", parameters).posts
    }

    /// `mod_forum_add_discussion_post`: a reply to `post` with `subject`, its words as HTML; sent at
    /// most once, as Moodle makes a post for every one it is sent. Returns the new post's ID.
    func addPost(replyingTo post: Int, subject: String, messageHTML: String) async throws -> Int {
        var parameters = MoodleParameters()
        parameters.add("postid", post)
        parameters.add("subject", subject)
        parameters.add("message", messageHTML)
        // 1: HTML, as the words are sent.
        parameters.add("messageformat", 1)
        return try await call(MoodleAddedPost.self, "mod_forum_add_discussion_post", parameters, Call(isSentAtMostOnce: true)).postid.value
    }

    /// Tells Moodle the student opened a discussion: in a forum they track, it marks every post read.
    func viewDiscussion(_ discussion: Int) async throws {
        var parameters = MoodleParameters()
        parameters.add("discussionid", discussion)
        _ = try await call("mod_forum_view_forum_discussion", parameters)
    }
}
