import CourseKit
import FoundationEssentials

/// The file a text is written in: one per assignment handed in to, or per discussion or post
/// replied to, under the app's data, so a text not sent yet (the student said no, or the editor
/// failed) is there the next time.
enum TextDraft {
    /// What a draft held once the editor closed.
    enum Reading: Equatable {
        case text(String, draft: LocalPath)
        /// Nothing but blanks, or no file at all: the student wrote nothing, which cancels.
        case empty
        /// The draft can't be handed in; why, and where it is kept.
        case unusable(String, draft: LocalPath?)
    }

    /// The draft of `assignment` of `course` in `folder`.
    static func place(for assignment: Assignment, of course: CourseID, in folder: URL) -> LocalPath {
        let name = "course-\(safe(course.rawValue))-assignment-\(safe(assignment.id)).txt"
        return LocalPath(folder.appendingPathComponent(name).path)
    }

    /// The draft of `reply` to a discussion of `course` in `folder`: one per discussion, and one
    /// per post replied to.
    static func place(for reply: UploadJob.DiscussionReply, of course: CourseID, in folder: URL) -> LocalPath {
        let entry = reply.entryID.map { "-entry-" + safe($0) } ?? ""
        let name = "course-\(safe(course.rawValue))-discussion-\(safe(reply.topicID))\(entry).txt"
        return LocalPath(folder.appendingPathComponent(name).path)
    }

    /// Opens `editor` on `draft`, in `folder` (made only the student's to read), and reads what
    /// the draft holds once it closes; an editor that fails keeps what was written and says where.
    static func edit(_ draft: LocalPath, in folder: URL, with editor: TextEditor) async -> Reading {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            return .unusable("Can't keep a draft in \(folder.path): \(userMessage(for: error))", draft: nil)
        }
        if case let .failed(why) = await editor.edit(draft) {
            let kept = FileManager.default.fileExists(atPath: draft.path) ? draft : nil
            return .unusable(why + (kept.map { "; what was written stays in \($0.path)" } ?? ""), draft: kept)
        }
        return read(draft)
    }

    /// What `draft` holds: its text, less control characters (a terminal's escapes, pasted by
    /// mistake, are no words, and would show as nothing when read back); empty (and then
    /// removed); or why it can't be sent.
    static func read(_ draft: LocalPath) -> Reading {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: draft.path) else { return .empty }
        if let size = attributes[.size] as? Int, size > HandInText.largest {
            return .unusable("The text is longer than \(ByteSize.format(Int64(HandInText.largest))), more than a text entry takes; it is kept in \(draft.path)", draft: draft)
        }
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: draft.path)) else {
            return .unusable("Can't read \(draft.path)", draft: draft)
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            return .unusable("\(draft.path) is not UTF-8 text", draft: draft)
        }
        guard HandInText.wordCount(text) > 0 else {
            try? FileManager.default.removeItem(atPath: draft.path)
            return .empty
        }
        return .text(HandInText.withoutControls(text), draft: draft)
    }

    /// `text` with every character but letters, digits, `-` and `_` as `_`, for a file name.
    private static func safe(_ text: String) -> String {
        String(text.unicodeScalars.map { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-") ? Character(scalar) : "_"
        })
    }
}
