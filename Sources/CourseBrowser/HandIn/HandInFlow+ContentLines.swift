import CourseKit
import FoundationEssentials
import TerminalUI

extension HandInFlow {
    /// Lines of a text shown under the question, so the student sees what they hand in.
    static let previewLines = 3

    /// The rows of the chooser, the editor's turn, the link field or the question about a text or link.
    func contentLines(width: Int, glyphs: Glyphs, now: Date) -> [StyledLine] {
        switch stage {
        case let .choosing(assignment, kinds):
            let choices = kinds.map { kind in
                let key = Self.kindBindings.first { $0.action == .choose(kind) }?.keys.first?.first?.label
                return [key, kind.name].compactMap { $0 }.joined(separator: " ")
            }.joined(separator: " · ")
            return [StyledLine("Hand in to \(Self.name(assignment, glyphs: glyphs)) as: " + choices, style: .accent)]
                + terms(of: assignment, width: width, glyphs: glyphs, now: now)
                + [StyledLine(Self.kindBindings.filter { $0.action == .cancel }.usage(for: glyphs), style: .muted)]
        case let .writing(assignment):
            return [StyledLine("Writing the text for \(Self.name(assignment, glyphs: glyphs)) in your editor…", style: .muted)]
        case let .linking(assignment, editor, problem):
            let field = PromptField.line(label: "Link for \(Self.name(assignment, glyphs: glyphs)): ", editor: editor, width: width, glyphs: glyphs)
            let help = problem.map { StatusRows.problem($0, width: width, glyphs: glyphs) }
                ?? [StyledLine(Self.linkBindings.usage(for: glyphs), style: .muted)]
            return [field] + terms(of: assignment, width: width, glyphs: glyphs, now: now) + help
        case let .confirmingContent(assignment, content):
            var question = HandInSummary.question(files: [content.description], to: assignment, now: now)
            if case .text = content { question += " · e edits it" }
            return terms(of: assignment, width: width, glyphs: glyphs, now: now)
                + Self.preview(content, width: width, glyphs: glyphs)
                + Sanitizer.clean(question).wrapped(toWidth: max(1, width)).map { StyledLine($0, style: Style(bold: true, role: .warning)) }
        case let .queueingContent(_, content):
            return [StyledLine("Queueing \(content.description)…", style: .muted)]
        case .picking, .typing, .confirming:
            return []
        }
    }

    /// Warnings when the hand-in will be late or may come after the assignment locks, else what it takes and when it is due.
    private func terms(of assignment: Assignment, width: Int, glyphs: Glyphs, now: Date) -> [StyledLine] {
        let warnings = HandInWarning.messages(for: assignment, now: now, isFresh: isFresh, lms: lms)
        guard warnings.isEmpty else { return warnings.flatMap { StatusRows.warning($0, width: width, glyphs: glyphs) } }
        let kinds = assignment.handInKinds(takesContent: takesContent).map(\.name)
        let takes = "Takes " + (kinds.count > 1 ? kinds.dropLast().joined(separator: ", ") + " or " + (kinds.last ?? "") : kinds.joined())
        return [StyledLine(takes + (assignment.dueAt.map { " · " + DateText.due($0, now: now) } ?? ""), style: .muted)]
    }

    /// The first lines of a text, indented and cut to the width.
    private static func preview(_ content: HandInContent, width: Int, glyphs: Glyphs) -> [StyledLine] {
        guard case let .text(text, _) = content else { return [] }
        let lines = text.split(whereSeparator: \.isNewline).map { Sanitizer.clean(String($0)) }.filter { !$0.trimming(.whitespaces).isEmpty }
        return lines.prefix(previewLines).map { StyledLine("  " + $0.truncated(toWidth: max(1, width - 2), ellipsis: glyphs.ellipsis), style: .muted) }
    }

    private static func name(_ assignment: Assignment, glyphs: Glyphs) -> String {
        Sanitizer.clean(assignment.name).truncated(toWidth: 28, ellipsis: glyphs.ellipsis)
    }
}
