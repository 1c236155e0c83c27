import CourseKit
import FoundationEssentials
import TerminalUI

extension CourseDetailState {
    /// Opens the editor on a reply to the selected reply, else to the selected discussion.
    mutating func startReply() -> [Effect] {
        guard let courseID, let topic = selectedTopic, availability(of: .reply).isEnabled else { return [] }
        let selected = selectedEntry
        let (flow, effects) = ReplyFlow.start(course: courseID, topic: topic, entry: selected?.entry, thread: selected?.thread)
        reply = flow
        return effects.map(Effect.reply)
    }

    /// Passes `event` to the reply being written; closes it when it is over.
    mutating func updateReply(_ event: ReplyFlow.Event) -> [Effect] {
        ReplyFlow.update(&reply, with: event, notice: &notice).map(Effect.reply)
    }

    /// Says how a reply to a discussion of this course ended; once it is posted, reads the
    /// discussions again and the thread it went to, so it shows there. Nil for another kind of job.
    mutating func replyChanged(_ change: UploadChange) -> [Effect]? {
        guard case let .updated(job) = change, let posted = job.discussionReply else { return nil }
        guard job.courseID == courseID else { return [] }
        let title = Sanitizer.clean(posted.topicTitle)
        switch job.state {
        case .done:
            notice = Notice(text: "Your reply to \(title) was posted")
            guard discussions.reading.opened.contains(posted.topicID) else { return [.refresh(.discussions)] }
            // A first post opens a thread the teacher hid until then.
            if discussions.reading.threads[posted.topicID]?.entries == nil {
                discussions.reading.threads[posted.topicID] = nil
            }
            wantedItem = posted.postedID.map { DetailItem.id(ofEntry: $0, in: posted.topicID) }
            return [.refresh(.discussions), .loadThread(posted.topicID)]
        case let .failed(reason):
            notice = Notice(text: "Couldn't post your reply to \(title): \(reason); the Uploads pane can retry it", isProblem: true)
            return []
        case .queued, .uploading, .waiting, .damaged:
            return []
        }
    }
}
