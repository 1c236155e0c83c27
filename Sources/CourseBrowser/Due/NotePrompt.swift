import CourseKit
import FoundationEssentials
import TerminalUI
import TextBasics

/// The Due pane's questions about a to-do of the student's own: its title, its day and (for a
/// new one) its details and the course it is for, to add one (`a`) or change one (`e`); or
/// whether to remove one (`d`).
struct NotePrompt: Equatable {
    /// A course a new to-do can be for, as the Due pane names it.
    struct CourseChoice: Equatable {
        var id: CourseID
        var name: String
    }

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
    /// The courses a new to-do can be for, the one offered first first; Tab goes through them and none.
    var courses: [CourseChoice] = []
    /// The course of `courses` the new to-do is for; nil for none.
    var course: Int?

    static let adding = NotePrompt(step: .title)

    /// The questions for a new to-do, offering `courses`; with `forFirst`, it is for the first
    /// unless the student chooses another, else for none.
    static func adding(courses: [CourseChoice], forFirst: Bool) -> NotePrompt {
        NotePrompt(step: .title, courses: courses, course: forFirst && !courses.isEmpty ? 0 : nil)
    }

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
            if key == .tab || key == .backTab {
                nextCourse(backward: key == .backTab)
                return .asking
            }
            guard key == .enter, let date else { return edit(key) }
            let details = editor.text.trimming(.whitespacesAndNewlines)
            return .answered(UploadJob.PlannerNote(
                action: .add, title: title, date: date, details: details.isEmpty ? nil : details, courseID: chosenCourse?.id
            ))
        }
    }

    /// The course the new to-do is for, if any.
    var chosenCourse: CourseChoice? {
        course.flatMap { courses.indices.contains($0) ? courses[$0] : nil }
    }

    /// Goes on to the next course offered (back, to the one before), with none after the last.
    private mutating func nextCourse(backward: Bool) {
        guard !courses.isEmpty else { return }
        // None is the place after the last course.
        let places = courses.count + 1
        let current = course ?? courses.count
        let next = (current + (backward ? places - 1 : 1)) % places
        course = next == courses.count ? nil : next
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
            let label = courses.isEmpty ? "Details (optional): " : "Details (optional), for \(chosenCourse.map { Sanitizer.clean($0.name) } ?? "no course"): "
            lines = [PromptField.line(label: label, editor: editor, width: width, glyphs: glyphs)]
            hint = (courses.isEmpty ? "" : "Tab: another course, or none · ") + "Enter queues it (empty: none) · Esc cancels"
        }
        lines += DetailText.wrap(problem ?? hint, width: width, style: problem == nil ? .muted : .error)
        return lines
    }
}
