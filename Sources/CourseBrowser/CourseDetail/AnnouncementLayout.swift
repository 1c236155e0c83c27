import CourseKit
import FoundationEssentials
import HTMLText
import TerminalUI

/// Lays out a course's announcements, newest first: each its title (marked when unread), when
/// and by whom it was posted, and its message, the first lines of it until it is opened.
enum AnnouncementLayout {
    /// The message lines shown of an announcement that is not open.
    static let previewLines = 2
    /// The message's indent under its title.
    static let indent = "    "

    static func lines(for announcements: [ShownAnnouncement], reading: AnnouncementReading, width: Int, now: Date, glyphs: Glyphs) -> [DetailLine] {
        guard !announcements.isEmpty else {
            return [.text(StyledLine("No announcements in the last two weeks, and none unread.", style: .muted))]
        }
        return announcements.flatMap { shown in
            let item = DetailItem(shown.announcement)
            let failure = reading.failures[shown.announcement.id]
            return lines(for: shown, isOpen: reading.opened.contains(shown.announcement.id), failure: failure, width: width, now: now, glyphs: glyphs)
                .map { DetailLine.item($0, item) }
        }
    }

    private static func lines(
        for shown: ShownAnnouncement, isOpen: Bool, failure: LoadFailure?, width: Int, now: Date, glyphs: Glyphs
    ) -> [StyledLine] {
        let announcement = shown.announcement
        var lines = title(announcement, width: width, glyphs: glyphs)
        let facts = [announcement.postedAt.map { DateText.short($0, now: now) }, announcement.authorName.map { Sanitizer.clean(Sanitizer.cut($0)) }]
            .compactMap { $0 }.joined(separator: " · ")
        if !facts.isEmpty {
            lines += (indent + facts).wrapped(toWidth: width).map { StyledLine($0, style: .muted) }
        }
        lines += message(shown.message, isOpen: isOpen, width: width, glyphs: glyphs)
        if let failure {
            lines += StatusRows.failure("Couldn't mark it read: \(failure.message)", width: width, glyphs: glyphs)
        }
        return lines
    }

    /// The title under a marker column: the unread mark, or blank once read.
    private static func title(_ announcement: Announcement, width: Int, glyphs: Glyphs) -> [StyledLine] {
        let marker = (announcement.isRead ? " " : glyphs.unread).padded(toWidth: 2)
        let rows = Sanitizer.clean(Sanitizer.cut(announcement.title)).wrapped(toWidth: max(1, width - 2))
        return rows.enumerated().map { index, row in
            StyledLine([
                .init(text: index == 0 ? marker : "  ", style: Style(bold: true, role: .accent)),
                .init(text: row, style: announcement.isRead ? .plain : .bold),
            ])
        }
    }

    /// The message indented under the title: whole when open, else its first lines and a note that there is more.
    private static func message(_ blocks: [TextBlock], isOpen: Bool, width: Int, glyphs: Glyphs) -> [StyledLine] {
        guard !blocks.isEmpty else { return [] }
        let room = max(1, width - indent.count)
        if isOpen {
            return DetailText.syllabus(blocks, width: room, glyphs: glyphs).map(indented)
        }
        // Only the blocks the preview needs are wrapped, however long the message.
        var text: [StyledLine] = []
        for block in blocks where text.count <= previewLines {
            text += SyllabusLayout.lines(for: block, width: room, glyphs: glyphs)
        }
        var preview = text.prefix(previewLines).map(indented)
        if text.count > previewLines {
            preview.append(StyledLine(indent + glyphs.ellipsis + " Enter reads it all", style: .muted))
        }
        return preview
    }

    private static func indented(_ line: StyledLine) -> StyledLine {
        StyledLine([.init(text: indent, style: .plain)] + line.spans)
    }
}
