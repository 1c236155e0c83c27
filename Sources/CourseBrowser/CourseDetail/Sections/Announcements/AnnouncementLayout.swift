import CourseKit
import FoundationEssentials
import HTMLText
import TerminalUI

/// Lays out a course's announcements, newest first, as an index a reader runs down: one row
/// each, its unread mark, day and title; the one opened with Enter shows who posted it when,
/// and its whole message, under its row.
///
/// One row each keeps the syllabus and modules below in reach on a terminal's height.
enum AnnouncementLayout {
    /// The indent of an open announcement's message under its row.
    static let indent = "    "

    /// One row for each announcement, and an open one's byline and message under it, at `width`.
    static func lines(for announcements: [ShownAnnouncement], reading: AnnouncementReading, width: Int, now: Date, glyphs: Glyphs) -> [DetailLine] {
        announcements.flatMap { shown in
            let id = shown.announcement.id
            let isOpen = reading.opened.contains(id)
            var lines = row(shown.announcement, width: width, now: now, glyphs: glyphs)
            if isOpen {
                lines += opened(shown, width: width, now: now, glyphs: glyphs)
            }
            if let failure = reading.failures[id] {
                lines += StatusRows.failure("Couldn't mark it read: \(failure.message)", width: width, glyphs: glyphs)
            }
            // An open one ends with a blank row, so the next one's row stands apart from its message.
            if isOpen {
                lines.append(.blank)
            }
            let item = DetailItem(shown.announcement)
            return lines.map { DetailLine.item($0, item) } + FeedbackLayout.attachmentLines(shown.announcement.attachments ?? [], width: width)
        }
    }

    /// The unread mark (blank once read), the day it was posted and its title, wrapped under itself.
    private static func row(_ announcement: Announcement, width: Int, now: Date, glyphs: Glyphs) -> [StyledLine] {
        let marker = (announcement.isRead ? " " : glyphs.unread).padded(toWidth: 2)
        let day = announcement.postedAt.map { DateText.day($0, now: now) + "  " } ?? ""
        let room = max(1, width - 2 - day.displayWidth)
        let rows = Sanitizer.clean(Sanitizer.cut(announcement.title)).wrapped(toWidth: room)
        let hanging = String(repeating: " ", count: 2 + day.displayWidth)
        return rows.enumerated().map { index, text in
            let lead: [StyledLine.Span] = index == 0
                ? [.init(text: marker, style: Style(bold: true, role: .accent)), .init(text: day, style: .muted)]
                : [.init(text: hanging, style: .plain)]
            return StyledLine(lead + [.init(text: text, style: announcement.isRead ? .plain : .bold)])
        }
    }

    /// Who posted it and when, then the whole message, indented under its row.
    private static func opened(_ shown: ShownAnnouncement, width: Int, now: Date, glyphs: Glyphs) -> [StyledLine] {
        let announcement = shown.announcement
        let facts = [announcement.postedAt.map { DateText.short($0, now: now) }, announcement.authorName.map { Sanitizer.clean(Sanitizer.cut($0)) }]
            .compactMap { $0 }.joined(separator: " · ")
        let heading = facts.isEmpty ? [] : (indent + facts).wrapped(toWidth: width).map { StyledLine($0, style: .muted) }
        let room = max(1, width - indent.count)
        let message = shown.message.isEmpty ? [] : DetailText.syllabus(shown.message, width: room, glyphs: glyphs)
        return heading + message.map { StyledLine([.init(text: indent, style: .plain)] + $0.spans) }
    }
}
