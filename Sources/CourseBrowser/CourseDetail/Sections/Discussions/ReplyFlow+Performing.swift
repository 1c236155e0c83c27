import CourseKit
import FoundationEssentials

extension ReplyFlow {
    /// Performs what an embedded flow asks in the background, handing what comes of it to
    /// `answer`: opens the editor on the reply's draft, or queues the reply and removes its draft;
    /// `close` is the embedding pane's to apply.
    @MainActor
    static func perform(_ effect: Effect, with services: HandInFlow.Services, answer: @escaping @MainActor (Event) -> Void) {
        switch effect {
        case let .write(reply, course):
            let draft = TextDraft.place(for: reply, of: course, in: services.drafts)
            Task { answer(.written(await TextDraft.edit(draft, in: services.drafts, with: services.editor))) }
        case let .queue(reply, course, draft):
            let queue = services.queue
            Task {
                do {
                    _ = try await queue.enqueueReply(reply, course)
                    try? FileManager.default.removeItem(atPath: draft.path)
                    answer(.queued(failure: nil))
                } catch {
                    answer(.queued(failure: userMessage(for: error)))
                }
            }
        case .close:
            break
        }
    }
}
