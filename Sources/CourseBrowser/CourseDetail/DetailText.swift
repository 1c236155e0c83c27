import CourseKit
import Foundation
import TerminalUI

/// Turns course data into the styled, wrapped lines of the Course pane.
enum DetailText {
    static func overview(_ course: Course, width: Int) -> [StyledLine] {
        var lines = Sanitizer.clean(course.name).wrapped(toWidth: width).map { StyledLine($0, style: .bold) }
        let facts = [course.code, course.term ?? "", stateLabel(course.workflowState)].filter { !$0.isEmpty }
        if !facts.isEmpty {
            lines += wrap(facts.joined(separator: " · "), width: width, style: .plain)
        }
        let teachers = course.teachers.isEmpty ? "No teachers listed" : course.teachers.joined(separator: ", ")
        lines += wrap((course.teachers.count > 1 ? "Teachers: " : "Teacher: ") + teachers, width: width, style: .plain)
        if let dates = dates(course) {
            lines += wrap(dates, width: width, style: .muted)
        }
        return lines
    }

    static func syllabus(_ blocks: [TextBlock], width: Int, glyphs: Glyphs) -> [StyledLine] {
        guard !blocks.isEmpty else {
            return [StyledLine("This course has no syllabus.", style: .muted)]
        }
        var lines: [StyledLine] = []
        for (index, block) in blocks.enumerated() {
            if index > 0, needsGap(before: block, after: blocks[index - 1]) {
                lines.append(.blank)
            }
            lines += SyllabusLayout.lines(for: block, width: width, glyphs: glyphs)
        }
        return lines
    }

    static func modules(_ modules: [CourseModule], width: Int, glyphs: Glyphs) -> [StyledLine] {
        guard !modules.isEmpty else {
            return [StyledLine("This course has no modules.", style: .muted)]
        }
        var lines: [StyledLine] = []
        for module in modules {
            lines += wrap(module.name, width: width, style: .bold)
            if module.items.isEmpty {
                lines.append(StyledLine("  (no items)", style: .muted))
            }
            for item in module.items {
                let tag = itemTag(item.type)
                let line = StyledLine([
                    .init(text: "  " + tag.padded(toWidth: 6) + " ", style: .muted),
                    .init(text: Sanitizer.clean(item.title), style: .plain),
                ])
                lines.append(line)
            }
        }
        return lines
    }

    private static func wrap(_ text: String, width: Int, style: Style) -> [StyledLine] {
        Sanitizer.clean(text).wrapped(toWidth: width).map { StyledLine($0, style: style) }
    }

    private static func needsGap(before block: TextBlock, after previous: TextBlock) -> Bool {
        if case .listItem = block.kind, case .listItem = previous.kind { return false }
        return true
    }

    private static func stateLabel(_ state: String?) -> String {
        switch state {
        case "completed": return "concluded"
        case "unpublished": return "unpublished"
        case "deleted": return "deleted"
        default: return ""
        }
    }

    private static func itemTag(_ type: String) -> String {
        switch type {
        case "Assignment": return "Assign"
        case "Discussion": return "Discus"
        case "ExternalUrl", "ExternalTool": return "Link"
        case "SubHeader": return "——"
        default: return Sanitizer.clean(type)
        }
    }

    private static func dates(_ course: Course) -> String? {
        let format = Date.ISO8601FormatStyle(timeZone: .current).year().month().day()
        switch (course.startAt, course.endAt) {
        case let (start?, end?): return "\(start.formatted(format)) → \(end.formatted(format))"
        case let (start?, nil): return "Starts \(start.formatted(format))"
        case let (nil, end?): return "Ends \(end.formatted(format))"
        case (nil, nil): return nil
        }
    }
}
