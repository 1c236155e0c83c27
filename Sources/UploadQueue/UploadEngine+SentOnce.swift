import CourseKit
import FoundationEssentials

// Creating something exactly once where the backend makes one for every create it is sent and
// offers no key to tell them apart: a to-do, a post to a discussion. Each step is on disk before
// the next:
//
// 1. `existingIDs`: the backend's like ones, read before anything is sent. A later one like them
//    can only be this job's.
// 2. `sentAt`: saved just before the create goes out. From then on the backend may have made it
//    though no answer came back.
// 3. The create is sent, and the ID of what it made kept as `madeID`.
//
// A job that starts with `sentAt` set reads the like ones first: a new one is taken as its own
// and nothing is sent. When there is none, the create may still be on its way through the
// server, so nothing is sent until `answerWindow` has passed since `sentAt`; then it is sent
// again. An answer that says nothing was made clears `sentAt`.
extension UploadEngine {
    /// Makes `item` on the backend once under the protocol above, saving each step through `keep`.
    ///
    /// `alike` reads the IDs of the backend's ones like `item`; `create` sends it and returns the
    /// ID of what it made; `what` names it in the message of a wait ("the to-do").
    func createOnce<Item: SentOnce>(
        _ item: inout Item, what: String, keep: (Item) throws -> Void,
        alike: (Item) async throws -> [String], create: (Item) async throws -> String
    ) async throws {
        if item.existingIDs == nil {
            item.existingIDs = try await alike(item)
            try keep(item)
        }
        if item.sentAt != nil {
            let before = Set(item.existingIDs ?? [])
            if let made = try await alike(item).first(where: { !before.contains($0) }) {
                item.madeID = made
                return
            }
            try checkAnswerWindow(since: item.sentAt, what: what)
        }
        item.sentAt = clock.now()
        try keep(item)
        do {
            item.madeID = try await create(item)
        } catch {
            if (error as? any TransientError)?.changedNothing == true {
                item.sentAt = nil
                try keep(item)
            }
            throw error
        }
    }
}
