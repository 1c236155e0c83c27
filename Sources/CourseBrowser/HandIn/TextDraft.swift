import CourseKit
import FoundationEssentials

/// The file a text hand-in is written in: one per assignment, under the app's data, so a text
/// not handed in yet (the student said no, or the editor failed) is there the next time.
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

    /// What `draft` holds: its text, empty (and then removed), or why it can't be handed in.
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
        return .text(text, draft: draft)
    }

    /// `text` with every character but letters, digits, `-` and `_` as `_`, for a file name.
    private static func safe(_ text: String) -> String {
        String(text.unicodeScalars.map { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-") ? Character(scalar) : "_"
        })
    }
}
