import CourseKit
import FoundationEssentials
import TerminalUI
import TextBasics

/// The Due pane's questions about a to-do of the student's own: its title, its day and (for a
/// new one) its details, to add one (`a`) or change one (`e`); or whether to remove one (`d`).
struct NotePrompt: Equatable {
    enum Step: Equatable {
        case title, day, details, remove
    }

    /// What a key leads to.
    enum Outcome: Equatable {
        case asking
        case cancelled
        /// The change to queue.
        case answered(UploadJob.PlannerNote)
    }

    var step: Step
    /// The to-do changed or removed; nil while adding one.
    var note: PlannerItem?
    var title = ""
    var date: Date?
    var editor = LineEditor()
    /// Why the last Enter was not taken.
    var problem: String?

    static let adding = NotePrompt(step: .title)

    static func editing(_ note: PlannerItem) -> NotePrompt {
        NotePrompt(step: .title, note: note, editor: LineEditor(text: note.title))
    }

    static func removing(_ note: PlannerItem) -> NotePrompt {
        NotePrompt(step: .remove, note: note)
    }

    /// The backend's ID of a listed note (`planner_note:9` is 9).
    static func noteID(of item: PlannerItem) -> String? {
        guard item.kind == .plannerNote, item.id.hasPrefix("planner_note:") else { return nil }
        return String(item.id.dropFirst("planner_note:".count))
    }

    mutating func handle(_ key: Key, now: Date) -> Outcome {
        if key == .escape { return .cancelled }
        switch step {
        case .remove:
            switch key {
            case .character("y"), .character("Y"):
                guard let note else { return .cancelled }
                return .answered(UploadJob.PlannerNote(
                    action: .delete, noteID: Self.noteID(of: note), title: note.title, date: note.date, courseID: note.courseID
                ))
            case .character("n"), .character("N"): return .cancelled
            default: return .asking
            }
        case .title:
            guard key == .enter else { return edit(key) }
            let typed = editor.text.trimming(.whitespacesAndNewlines)
            guard !typed.isEmpty else {
                problem = "A to-do needs a title"
                return .asking
            }
            title = typed
            step = .day
            editor = LineEditor(text: note.map { LocalTime($0.date).dateText } ?? "")
            problem = nil
            return .asking
        case .day:
            guard key == .enter else { return edit(key) }
            guard let date = NoteDate.parse(editor.text, now: now) else {
                problem = "Type a day: today, tomorrow, a weekday such as fri, +3, or 2026-12-10"
                return .asking
            }
            if let note {
                // A change keeps the details it has: they are not asked again.
                return .answered(UploadJob.PlannerNote(action: .edit, noteID: Self.noteID(of: note), title: title, date: date, courseID: note.courseID))
            }
            self.date = date
            step = .details
            editor = LineEditor()
            problem = nil
            return .asking
        case .details:
            guard key == .enter, let date else { return edit(key) }
            let details = editor.text.trimming(.whitespacesAndNewlines)
            return .answered(UploadJob.PlannerNote(action: .add, title: title, date: date, details: details.isEmpty ? nil : details))
        }
    }

    private mutating func edit(_ key: Key) -> Outcome {
        if editor.handle(key) { problem = nil }
        return .asking
    }

    /// The question, its field, and what the keys do (or why the last answer was not taken).
    func lines(width: Int, glyphs: Glyphs) -> [StyledLine] {
        let hint: String
        var lines: [StyledLine]
        switch step {
        case .remove:
            let name = note.map { "“\(Sanitizer.clean($0.title))”" } ?? "this to-do"
            return DetailText.wrap("Remove the to-do \(name)? y/n", width: width, style: .accent)
        case .title:
            lines = [PromptField.line(label: note == nil ? "New to-do: " : "To-do: ", editor: editor, width: width, glyphs: glyphs)]
            hint = "Enter: next, its day · Esc cancels"
        case .day:
            lines = [PromptField.line(label: "Day for “\(Sanitizer.clean(title))”: ", editor: editor, width: width, glyphs: glyphs)]
            hint = "today (empty Enter), tomorrow, fri, +3 or 2026-12-10 · Enter " + (note == nil ? "next, its details" : "queues it") + " · Esc cancels"
        case .details:
            lines = [PromptField.line(label: "Details (optional): ", editor: editor, width: width, glyphs: glyphs)]
            hint = "Enter queues it (empty: none) · Esc cancels"
        }
        lines += DetailText.wrap(problem ?? hint, width: width, style: problem == nil ? .muted : .error)
        return lines
    }
}
