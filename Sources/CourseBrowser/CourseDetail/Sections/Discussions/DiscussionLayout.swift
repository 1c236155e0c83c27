import CourseKit
import FoundationEssentials
import HTMLText
import TerminalUI

/// Lays out a course's discussions, latest activity first: one row each with its unread mark,
/// title and how much is unread; the one opened with Enter shows its post and its replies as a
/// thread under its row, each reply indented under the one it answers, those unread marked, and
/// each an item of its own, to reply to.
enum DiscussionLayout {
    /// How far each level of replies is indented past its parent.
    static let step = 2
    /// Deeper replies are drawn at this depth, so a long exchange keeps room for its words.
    static let deepest = 6

    static func lines(for topics: [DiscussionTopic], reading: DiscussionReading, width: Int, now: Date, glyphs: Glyphs) -> [DetailLine] {
        topics.flatMap { topic in
            let item = DetailItem(topic)
            var lines = row(topic, width: width, now: now, glyphs: glyphs).map { DetailLine.item($0, item) }
            if reading.opened.contains(topic.id) {
                lines += opened(topic, reading: reading, width: width, now: now, glyphs: glyphs) + [.item(.blank, item)]
            }
            if let failure = reading.failures[topic.id] {
                lines += StatusRows.failure("Couldn't mark the replies read: \(failure.failure.message)", width: width, glyphs: glyphs).map { .item($0, item) }
            }
            return lines
        }
    }

    /// The unread mark, the title, then what is in it: `3 unread · 12 replies · graded · last reply 2 h ago`.
    private static func row(_ topic: DiscussionTopic, width: Int, now: Date, glyphs: Glyphs) -> [StyledLine] {
        let marker = (topic.unreadCount > 0 ? glyphs.unread : " ").padded(toWidth: 2)
        var facts: [String] = []
        if topic.unreadCount > 0 { facts.append("\(topic.unreadCount) unread") }
        facts.append(topic.replyCount == 1 ? "1 reply" : "\(topic.replyCount) replies")
        if topic.assignmentID != nil { facts.append("graded") }
        if topic.isClosed { facts.append("closed") }
        if let last = topic.lastReplyAt ?? topic.postedAt { facts.append(DateText.day(last, now: now)) }
        let title = Sanitizer.clean(Sanitizer.cut(topic.title))
        let rows = title.wrapped(toWidth: max(1, width - 2))
        var lines = rows.enumerated().map { index, text in
            StyledLine([
                .init(text: index == 0 ? marker : "  ", style: Style(bold: true, role: .accent)),
                .init(text: text, style: topic.unreadCount > 0 ? .bold : .plain),
            ])
        }
        lines += ("  " + AnnouncementLayout.indent + facts.joined(separator: " · ")).wrapped(toWidth: width).map { StyledLine($0, style: .muted) }
        return lines
    }

    /// The post with who wrote it when, then the replies, each an item of its own, or why they aren't shown.
    private static func opened(_ topic: DiscussionTopic, reading: DiscussionReading, width: Int, now: Date, glyphs: Glyphs) -> [DetailLine] {
        let byline = [topic.authorName.map { Sanitizer.clean(Sanitizer.cut($0)) }, topic.postedAt.map { DateText.short($0, now: now) }]
            .compactMap { $0 }.joined(separator: " · ")
        var lines = byline.isEmpty ? [] : [StyledLine(AnnouncementLayout.indent + byline, style: .muted)]
        lines += message(reading.messages[.topic(topic.id)], depth: 0, width: width, glyphs: glyphs)
        switch reading.threads[topic.id] {
        case .hiddenUntilPost:
            let indent = AnnouncementLayout.indent
            lines += DiscussionError.postFirst.userMessage.wrapped(toWidth: max(1, width - indent.count)).map { StyledLine(indent + $0, style: .muted) }
        case nil where topic.replyCount == 0:
            lines.append(StyledLine(AnnouncementLayout.indent + "No replies yet", style: .muted))
        case nil:
            lines.append(StyledLine(AnnouncementLayout.indent + "Loading the replies…", style: .muted))
        case let .failed(failure):
            lines += StatusRows.failure("Couldn't load the replies: \(failure.message)", width: width, glyphs: glyphs)
        case let .loaded(entries):
            if let stale = reading.stale[topic.id] {
                let when = DateText.short(stale.savedAt, now: now)
                lines += StatusRows.failure("Replies as saved \(when); couldn't load them now: \(stale.failure.message)", width: width, glyphs: glyphs)
            }
            let replies = Replies(topic: topic, messages: reading.messages, width: width, now: now, glyphs: glyphs)
            return lines.map { .item($0, DetailItem(topic)) } + entries.flatMap { replies.lines(for: $0, depth: 1) }
        }
        return lines.map { .item($0, DetailItem(topic)) }
    }

    /// Lays out the replies of one thread, each the item `n` and `p` stop at to reply to it.
    private struct Replies {
        let topic: DiscussionTopic
        let messages: [DiscussionReading.Message: [TextBlock]]
        let width: Int
        let now: Date
        let glyphs: Glyphs

        /// A reply's byline (its unread mark, who, when), its words, then the replies to it, one level deeper.
        func lines(for entry: DiscussionEntry, depth: Int) -> [DetailLine] {
            let indent = AnnouncementLayout.indent + String(repeating: " ", count: min(depth, deepest) * step)
            let marker = entry.isUnread && !entry.isDeleted ? glyphs.unread + " " : ""
            let who = entry.isDeleted ? "deleted" : entry.authorName.map { Sanitizer.clean(Sanitizer.cut($0)) } ?? "someone"
            let when = entry.postedAt.map { " · " + DateText.short($0, now: now) } ?? ""
            var own = [StyledLine([
                .init(text: indent + marker, style: Style(bold: true, role: .accent)),
                .init(text: (who + when).truncated(toWidth: max(1, width - indent.count - marker.displayWidth), ellipsis: glyphs.ellipsis),
                      style: entry.isUnread ? .bold : .muted),
            ])]
            if !entry.isDeleted {
                own += message(messages[.entry(entry.id)], depth: depth, width: width, glyphs: glyphs)
            }
            let item = DetailItem(entry, in: topic)
            return own.map { .item($0, item) } + entry.replies.flatMap { lines(for: $0, depth: depth + 1) }
        }
    }

    /// A message's text, indented to `depth`.
    private static func message(_ blocks: [TextBlock]?, depth: Int, width: Int, glyphs: Glyphs) -> [StyledLine] {
        let indent = AnnouncementLayout.indent + String(repeating: " ", count: min(depth, deepest) * step)
        guard let blocks, !blocks.isEmpty else { return [] }
        return DetailText.syllabus(blocks, width: max(1, width - indent.count), glyphs: glyphs).map { StyledLine([.init(text: indent, style: .plain)] + $0.spans) }
    }
}
