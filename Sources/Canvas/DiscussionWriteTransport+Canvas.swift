import CourseKit
import Synchronization

extension DiscussionWriteTransport {
    /// Posts to a course's Canvas discussions, and reads back the student's own posts by their
    /// user ID, asked of Canvas once.
    public static func canvas(_ connection: CanvasConnection) -> DiscussionWriteTransport {
        let api = connection.api
        let me = Mutex<String?>(nil)
        return DiscussionWriteTransport(
            ownPosts: { course, reply in
                let user: String
                if let known = me.withLock({ $0 }) {
                    user = known
                } else {
                    user = try await CanvasUser.id(connection)
                    me.withLock { $0 = user }
                }
                return try await api.ownPosts(course: course, reply: reply, user: user)
            },
            post: { course, reply in try await api.post(course: course, reply: reply) }
        )
    }
}
