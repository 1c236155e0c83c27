import CourseKit
import HTMLText

extension CanvasDiscussionView.Entry {
    /// The entry as a post of `user`'s, its words as text; nil for another's or a deleted one.
    package func post(by user: String) -> DiscussionPostRecord? {
        guard deleted != true, user_id?.text == user else { return nil }
        return DiscussionPostRecord(id: id.text, text: HTMLText.plainText(message ?? ""))
    }
}
