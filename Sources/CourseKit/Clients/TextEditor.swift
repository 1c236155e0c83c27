import FoundationEssentials

/// Lets the student write a text in their own editor on a file, as `git commit` does.
public struct TextEditor: Sendable {
    /// What became of opening the editor.
    public enum Outcome: Equatable, Sendable {
        /// The editor ran and ended well; the file holds whatever the student left in it.
        case edited
        /// The editor could not be started or ended badly; why, as the student reads it.
        case failed(String)
    }

    /// Opens the editor on `file` and returns once it is closed.
    public var edit: @Sendable (_ file: LocalPath) async -> Outcome

    public init(edit: @escaping @Sendable (_ file: LocalPath) async -> Outcome) {
        self.edit = edit
    }
}

extension TextEditor {
    /// Opens nothing and says there is no editor here.
    public static let noOp = TextEditor { _ in .failed("There is no editor to write in here") }
}

extension TextEditor: Unimplementable {
    /// Says there is no editor, as `noOp` does, after reporting the call.
    public static func unimplemented(report: @escaping Unimplemented.Report) -> TextEditor {
        TextEditor { _ in
            report("TextEditor.edit")
            return .failed("There is no editor to write in here")
        }
    }
}
