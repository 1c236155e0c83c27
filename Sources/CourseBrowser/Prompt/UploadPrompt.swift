import Foundation
import TerminalUI

/// The Course pane's inline prompt for a file to upload.
struct UploadPrompt: Equatable {
    /// What a key did to the prompt.
    enum Outcome: Equatable {
        case editing
        case cancelled
        /// Enter on a path: queue the file at this path (with `~` expanded).
        case submit(path: String)
    }

    var editor = LineEditor()
    /// Why the last Enter didn't queue the file, shown under the field.
    var problem: String?
    /// Names that match the last Tab, when more than one does.
    var candidates: [String] = []
    /// True while the file is being captured into the queue.
    private(set) var isQueuing = false

    /// Applies a key; every key belongs to the prompt while it is open, and none while it queues.
    mutating func handle(_ key: Key, home: String) -> Outcome {
        guard !isQueuing else { return .editing }
        switch key {
        case .escape:
            return .cancelled
        case .tab:
            let completion = PathCompletion.complete(editor.text, home: home)
            editor.replace(with: completion.completed)
            candidates = completion.candidates
            problem = nil
        case .enter:
            let path = PathCompletion.expand(editor.text.trimmingCharacters(in: .whitespaces), home: home)
            guard !path.isEmpty else {
                problem = "Type the path of a file to upload"
                return .editing
            }
            isQueuing = true
            return .submit(path: path)
        default:
            _ = editor.handle(key)
            problem = nil
        }
        return .editing
    }

    /// The file could not be queued: the prompt stays open, saying why, to fix the path.
    mutating func refused(_ reason: String) {
        isQueuing = false
        problem = reason
    }
}
