import CourseKit
import FoundationEssentials
import TerminalUI

/// Writing a post to a discussion, or a reply to one of its posts, as a value: the student's
/// editor opens on a draft kept per place replied to, the flow shows what was written and asks
/// before posting, then queues it, to be posted once, when the network allows.
///
/// It is embedded as `HandInFlow` is: the pane routes keys and what its effects came to in, and
/// closes it on `close`.
struct ReplyFlow: Equatable, EmbeddedFlow {
    enum Stage: Equatable {
        /// The student's editor is open on the draft.
        case writing
        /// The words are written: the flow asks before posting them.
        case confirming(text: String, draft: LocalPath)
        /// The post is being queued.
        case queueing(draft: LocalPath)
    }

    enum Event {
        case key(Key)
        /// The editor closed on the draft, which holds this.
        case written(TextDraft.Reading)
        /// The queue took the post (nil), or said why not.
        case queued(failure: String?)
    }

    enum Effect: Equatable {
        /// Open the student's editor on the draft of `reply`, and read it once it closes.
        case write(UploadJob.DiscussionReply, course: CourseID)
        /// Queue `reply`, then remove its draft.
        case queue(UploadJob.DiscussionReply, course: CourseID, draft: LocalPath)
        /// The flow is over: close it and show `notice`, if any.
        case close(Notice?)
    }

    /// An answer to "post this?".
    enum Answer: Equatable {
        case post, edit, notNow
    }

    static let confirmBindings: [Binding<Answer>] = [
        Binding([[.character("y")]], does: "post it", hint: "post", action: .post),
        Binding([[.character("e")]], does: "open it in your editor again", hint: "edit", action: .edit),
        Binding([[.character("n")], [.escape]], does: "don't post it now (it stays in its draft)", hint: "not now", action: .notNow),
    ]

    let course: CourseID
    /// What is posted where; its words are filled in once written.
    private(set) var reply: UploadJob.DiscussionReply
    /// What the post answers, as the question names it: `Week 3 questions`, `Mai Phương's reply`.
    let answering: String
    private(set) var stage = Stage.writing

    /// The flow for a post to `topic`, or, with `entry`, a reply to that post of the thread whose
    /// top post is `thread`; with the effect that opens the editor.
    static func start(course: CourseID, topic: DiscussionTopic, entry: DiscussionEntry? = nil, thread: String? = nil) -> (ReplyFlow, [Effect]) {
        let reply = UploadJob.DiscussionReply(topicID: topic.id, topicTitle: topic.title, entryID: entry?.id, threadID: entry.map { thread ?? $0.id }, text: "")
        let answering = entry.map { ($0.authorName.map { "\($0)'s" } ?? "the") + " reply in " + topic.title } ?? topic.title
        return (ReplyFlow(course: course, reply: reply, answering: answering), [.write(reply, course: course)])
    }

    mutating func update(_ event: Event) -> [Effect] {
        switch event {
        case let .key(key): return answer(key)
        case let .written(reading): return written(reading)
        case let .queued(failure): return queued(failure)
        }
    }

    static func closing(_ effect: Effect) -> Notice?? {
        guard case let .close(notice) = effect else { return nil }
        return .some(notice)
    }

    private mutating func written(_ reading: TextDraft.Reading) -> [Effect] {
        guard stage == .writing else { return [] }
        switch reading {
        case let .text(text, draft):
            stage = .confirming(text: text, draft: draft)
            return []
        case .empty:
            return [.close(Notice(text: "Nothing was written, so nothing is posted"))]
        case let .unusable(message, _):
            return [.close(Notice(text: message, isProblem: true))]
        }
    }

    private mutating func answer(_ key: Key) -> [Effect] {
        guard case let .confirming(text, draft) = stage else { return [] }
        switch Self.confirmBindings.lookUp(key, availability: { _ in .enabled }) {
        case .act(.post):
            reply.text = text
            stage = .queueing(draft: draft)
            return [.queue(reply, course: course, draft: draft)]
        case .act(.edit):
            stage = .writing
            return [.write(reply, course: course)]
        case .act(.notNow):
            return [.close(Notice(text: "Not posted; the words stay in \(draft.path), and R opens them again"))]
        case .unbound, .refused:
            return []
        }
    }

    private func queued(_ failure: String?) -> [Effect] {
        guard case let .queueing(draft) = stage else { return [] }
        if let failure {
            return [.close(Notice(text: "Couldn't queue the reply: \(failure); the words stay in \(draft.path)", isProblem: true))]
        }
        return [.close(Notice(text: "Queued your reply to \(answering); it is posted once, when the network allows"))]
    }

    /// The keys in force: the question's, while it is asked.
    var keys: [KeyItem] {
        guard case .confirming = stage else { return [] }
        return Self.confirmBindings.items { _ in .enabled }
    }
}
