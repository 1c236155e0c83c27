import CourseKit
import FoundationEssentials
import HTMLText
import TerminalUI

/// Turns course data into the styled, wrapped lines of the Course pane.
enum DetailText {
    static func overview(_ course: Course, width: Int, now: Date, glyphs: Glyphs) -> [StyledLine] {
        if course.isRestricted {
            return StatusRows.locked("Course \(course.id) is not available (restricted by date)", width: width, glyphs: glyphs)
        }
        var lines = wrap(course.name, width: width, style: .bold)
        if let original = course.originalName {
            lines += wrap("Course name: " + original, width: width, style: .muted)
        }
        let facts = [course.code, course.term?.name ?? "", stateLabel(course, now: now)].filter { !$0.isEmpty }
        if !facts.isEmpty {
            lines += wrap(facts.joined(separator: " · "), width: width, style: .plain)
        }
        let teachers = course.teachers.isEmpty ? "No teachers listed" : course.teachers.joined(separator: ", ")
        lines += wrap((course.teachers.count > 1 ? "Teachers: " : "Teacher: ") + teachers, width: width, style: .plain)
        if let dates = dates(course) {
            lines += wrap(dates, width: width, style: .muted)
        }
        if course.enrollment == .invited {
            lines += wrap("You are invited to this course: accept the invitation in Canvas to take part.", width: width, style: Style(role: .accent))
        }
        return lines
    }

    /// The lines of `blocks`, a blank line between blocks but list items.
    static func syllabus(_ blocks: [TextBlock], width: Int, glyphs: Glyphs) -> [StyledLine] {
        var rows = SyllabusRows(width: width, glyphs: glyphs)
        rows.extend(to: SyllabusBlocks(blocks))
        return (0..<rows.count).map { rows[$0] }
    }

    static func modules(_ modules: [CourseModule], width: Int, now: Date, glyphs: Glyphs) -> [DetailLine] {
        guard !modules.isEmpty else {
            return [.text(StyledLine("This course has no modules.", style: .muted))]
        }
        return modules.flatMap { ModuleLayout.lines(for: $0, width: width, now: now, glyphs: glyphs) }
    }

    /// `text` from data, cut to a length any screen can show, cleaned and wrapped.
    static func wrap(_ text: String, width: Int, style: Style) -> [StyledLine] {
        Sanitizer.clean(Sanitizer.cut(text)).wrapped(toWidth: width).map { StyledLine($0, style: style) }
    }

    /// A lock explanation (plain text) as muted lines under what it explains, indented by `indent` columns.
    static func lockExplanation(_ text: String, indent: Int, width: Int) -> [StyledLine] {
        let margin = String(repeating: " ", count: indent)
        return Sanitizer.clean(Sanitizer.cut(text)).wrapped(toWidth: max(1, width - indent)).map {
            StyledLine(margin + $0, style: .muted)
        }
    }

    private static func stateLabel(_ course: Course, now: Date) -> String {
        switch course.workflowState {
        case "completed": return "concluded"
        case "unpublished": return "unpublished"
        case "deleted": return "deleted"
        default: break
        }
        if course.hasEnded(at: now) { return "ended" }
        return course.isUpcoming(at: now) ? "not started yet" : ""
    }

    static func itemTag(_ type: String) -> String {
        switch type {
        case "Assignment": return "Assign"
        case "Discussion": return "Discus"
        case "ExternalUrl", "ExternalTool": return "Link"
        case "SubHeader": return "——"
        default: return Sanitizer.clean(type)
        }
    }

    private static func dates(_ course: Course) -> String? {
        func format(_ date: Date) -> String { LocalTime(date).dateText }
        switch (course.startAt, course.endAt) {
        case let (start?, end?): return "\(format(start)) → \(format(end))"
        case let (start?, nil): return "Starts \(format(start))"
        case let (nil, end?): return "Ends \(format(end))"
        case (nil, nil): return nil
        }
    }
}
