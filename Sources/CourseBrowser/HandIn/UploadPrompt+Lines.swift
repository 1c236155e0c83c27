import CourseKit
import FoundationEssentials
import TerminalUI

extension UploadPrompt {
    /// The prompt's rows: the field with its cursor, what the assignment takes, then `question`,
    /// a problem, the Tab candidates or how to use it. `isFresh` says whether the assignments
    /// were read from the backend just now, rather than shown from a saved copy.
    func lines(width: Int, glyphs: Glyphs, now: Date, isFresh: Bool, lms: String = BackendCapabilities.canvas.lmsName, question: String? = nil) -> [StyledLine] {
        var lines = [PromptField.line(label: label(glyphs: glyphs), editor: editor, width: width, glyphs: glyphs)]
        if case let .assignment(assignment) = target {
            lines += terms(of: assignment, width: width, glyphs: glyphs, now: now, isFresh: isFresh, lms: lms)
        }
        if let question {
            // Bold, as the Uploads pane asks before a removal; wrapped, so `y/n` is never cut off.
            lines += Sanitizer.clean(question).wrapped(toWidth: max(1, width)).map { StyledLine($0, style: Style(bold: true, role: .warning)) }
        } else if isQueuing {
            lines.append(StyledLine("Copying the files into the queue…", style: .muted))
        } else if let problem {
            lines += (queued.map { Sanitizer.clean($0).wrapped(toWidth: width) } ?? []).map { StyledLine($0, style: Style(role: .success)) }
            lines += StatusRows.problem(problem, width: width, glyphs: glyphs)
        } else if !candidates.isEmpty {
            lines.append(StyledLine(candidates.joined(separator: "  "), style: .muted))
        } else {
            lines.append(StyledLine("spaces separate files · " + Self.bindings(for: target).usage(for: glyphs), style: .muted))
        }
        return lines
    }

    private func label(glyphs: Glyphs) -> String {
        switch target {
        case .courseFiles: return "Upload file: "
        case let .assignment(assignment):
            return "Submit to " + Sanitizer.clean(assignment.name).truncated(toWidth: 28, ellipsis: glyphs.ellipsis) + ": "
        }
    }

    /// What the assignment takes and when it is due; instead, warnings when the hand-in will
    /// be late or may come after the assignment locks.
    private func terms(of assignment: Assignment, width: Int, glyphs: Glyphs, now: Date, isFresh: Bool, lms: String) -> [StyledLine] {
        let warnings = HandInWarning.messages(for: assignment, now: now, isFresh: isFresh, lms: lms)
        guard warnings.isEmpty else {
            return warnings.flatMap { StatusRows.warning($0, width: width, glyphs: glyphs) }
        }
        let takes = assignment.allowedExtensions.isEmpty ? "Takes any file" : "Takes \(assignment.allowedTypes)"
        let due = assignment.dueAt.map { " · " + DateText.due($0, now: now) } ?? ""
        return [StyledLine(takes + due, style: .muted)]
    }
}
