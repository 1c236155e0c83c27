import CourseBrowser
import CourseKit
import FoundationEssentials
import TerminalUI

/// The `course ID` command's text for people: the course's overview, then its assignments with
/// where each stands, its announcements and its files, a table each.
enum CoursePlainText {
    static func text(_ report: CourseReport, now: Date, style: DuePlainText.Style) -> String {
        var lines = overview(report.course, style: style)
        lines += section("Assignments", report.assignments, style: style) { assignments($0, now: now, style: style) }
        lines += section("Announcements", report.announcements, style: style) { announcements($0, now: now, style: style) }
        lines += section("Files", report.files, style: style) { files($0, now: now, style: style) }
        return lines.joined(separator: "\n")
    }

    private static func overview(_ course: Course, style: DuePlainText.Style) -> [String] {
        var lines = [PlainText.paint(PlainText.cell(course.name, style), TerminalUI.Style(bold: true), style)]
        let facts = [CourseListing.standing(course) ?? course.code, course.term?.name ?? ""].filter { !$0.isEmpty }
        if !facts.isEmpty { lines.append(PlainText.cell(facts.joined(separator: " · "), style)) }
        if !course.teachers.isEmpty {
            lines.append((course.teachers.count > 1 ? "Teachers: " : "Teacher: ") + PlainText.cell(course.teachers.joined(separator: ", "), style))
        }
        lines += OverviewGradeText.lines(course).map { PlainText.paint(PlainText.cell($0.text, style), $0.style, style) }
        if let url = course.htmlURL { lines.append(PlainText.paint(PlainText.cell(url.absoluteString, style), .muted, style)) }
        return lines
    }

    /// A blank line, the section's heading, then its rows, or a line saying it is empty or why it can't be shown.
    private static func section<Value>(
        _ heading: String, _ part: CourseReport.Part<Value>, style: DuePlainText.Style, rows: (Value) -> [String]
    ) -> [String] {
        let title = PlainText.paint(heading, TerminalUI.Style(bold: true), style)
        guard let value = part.value else {
            return ["", title, PlainText.paint("  " + PlainText.cell(part.failure?.message ?? "can't be read", style), TerminalUI.Style(role: .error), style)]
        }
        let body = rows(value)
        return ["", title] + (body.isEmpty ? [PlainText.paint("  none", .muted, style)] : body)
    }

    private static func assignments(_ assignments: [Assignment], now: Date, style: DuePlainText.Style) -> [String] {
        PlainText.table(assignments.map { assignment in
            let standing = AssignmentStanding(assignment)
            return [
                PlainText.Cell(text: assignment.dueAt.map { DateText.short($0, now: now) } ?? "no due date", look: .muted),
                PlainText.Cell(text: (assignment.isLocked ? style.glyphs.lock + " " : "") + PlainText.cell(assignment.name, style)),
                PlainText.Cell(text: assignment.pointsPossible.map { PointsText.format($0) + " pts" } ?? ""),
                PlainText.Cell(text: PlainText.cell(standing.text, style), look: standing.style),
            ]
        }, style: style)
    }

    private static func announcements(_ announcements: [Announcement], now: Date, style: DuePlainText.Style) -> [String] {
        PlainText.table(announcements.map { announcement in
            [
                PlainText.Cell(text: announcement.postedAt.map { DateText.short($0, now: now) } ?? "", look: .muted),
                PlainText.Cell(text: announcement.isRead ? " " : style.glyphs.unread, look: .accent),
                PlainText.Cell(text: PlainText.cell(announcement.title, style)),
                PlainText.Cell(text: PlainText.cell(announcement.authorName ?? "", style), look: .muted),
            ]
        }, style: style)
    }

    private static func files(_ files: CourseFiles, now: Date, style: DuePlainText.Style) -> [String] {
        PlainText.table(files.files.map { file in
            [
                PlainText.Cell(text: PlainText.cell((files.folderPath(of: file) + [file.name]).joined(separator: "/"), style)),
                PlainText.Cell(text: file.size.map(ByteSize.format) ?? ""),
                PlainText.Cell(text: file.updatedAt.map { DateText.short($0, now: now) } ?? "", look: .muted),
                PlainText.Cell(text: file.isLocked ? style.glyphs.lock + " locked" : "", look: .muted),
            ]
        }, style: style)
    }
}
