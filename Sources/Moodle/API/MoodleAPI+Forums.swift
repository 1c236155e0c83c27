import CourseKit
import FoundationEssentials

extension MoodleAPI {
    /// The most discussions of a news forum read at once: months of a course's announcements.
    static let discussionsPerPage = 100

    /// A course's forums that hold its announcements (`type` `news`).
    func newsForums(_ course: CourseID, background: Bool) async throws -> [MoodleForum] {
        var parameters = MoodleParameters()
        parameters.add("courseids", list: [String(try Self.number(of: course))])
        let forums = try await call([MoodleForum].self, "mod_forum_get_forums_by_courses", parameters, Call(isBackground: background))
        return forums.filter { $0.type == "news" }
    }

    /// The latest discussions of `forum`, newest first.
    func discussions(of forum: Int, background: Bool) async throws -> [MoodleDiscussions.Discussion] {
        var parameters = MoodleParameters()
        parameters.add("forumid", forum)
        // 3: newest first by when each was posted, not by its latest reply.
        parameters.add("sortorder", 3)
        parameters.add("page", 0)
        parameters.add("perpage", Self.discussionsPerPage)
        return try await call(MoodleDiscussions.self, "mod_forum_get_forum_discussions", parameters, Call(isBackground: background)).discussions
    }

    /// Tells Moodle the student opened a discussion: in a forum they track, it marks every post read.
    func viewDiscussion(_ discussion: Int) async throws {
        var parameters = MoodleParameters()
        parameters.add("discussionid", discussion)
        _ = try await call("mod_forum_view_forum_discussion", parameters)
    }
}
