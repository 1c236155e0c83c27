import CourseKit
import FoundationEssentials
import TerminalUI

/// What the teacher wrote back under an assignment: the rubric with how each criterion was
/// marked, then the comments, each with its author and day, and its files as rows of their own
/// that `d` downloads.
enum FeedbackLayout {
    /// The rubric's lines, belonging to the assignment's row: each criterion once it is marked,
    /// before that one line saying what it holds; none for a teacher, who has no submission.
    static func rubricLines(for assignment: Assignment, width: Int) -> [StyledLine] {
        guard let rubric = assignment.rubric, let submission = assignment.submission else { return [] }
        let title = "Rubric" + (rubric.title.map { ": " + $0 } ?? "")
        guard let marks = submission.rubricMarks else {
            let points = rubric.hidesPoints ? nil : rubric.criteria.compactMap(\.points).reduce(0, +)
            let count = rubric.criteria.count == 1 ? "1 criterion" : "\(rubric.criteria.count) criteria"
            let summary = [title, count + (points.map { ", \(PointsText.format($0)) pts" } ?? ""), "not marked yet"].joined(separator: " · ")
            return indented(summary, depth: 4, width: width, style: .muted)
        }
        var lines = indented(title, depth: 4, width: width, style: .muted)
        for criterion in rubric.criteria {
            var parts = [criterion.description]
            let mark = marks[criterion.id]
            if let rating = mark?.ratingID.flatMap({ id in criterion.ratings.first { $0.id == id } }), !rating.description.isEmpty {
                parts.append(rating.description)
            }
            if !rubric.hidesPoints {
                let possible = criterion.points.map { "/" + PointsText.format($0) } ?? ""
                parts.append((mark?.points.map(PointsText.format) ?? "–") + possible)
            }
            if let comments = mark?.comments {
                parts.append("“\(comments)”")
            }
            lines += indented(parts.joined(separator: " · "), depth: 6, width: width, style: .muted)
        }
        return lines
    }

    /// Each comment's lines, belonging to the assignment's row, and its files, each a row of its own.
    static func commentLines(for assignment: Assignment, item: DetailItem, width: Int, now: Date) -> [DetailLine] {
        (assignment.submission?.comments ?? []).flatMap { comment in
            let who = [comment.author ?? "Anonymous", comment.createdAt.map { DateText.day($0, now: now) }].compactMap { $0 }.joined(separator: ", ")
            let text = comment.text.split(whereSeparator: \.isNewline).joined(separator: " ")
            // A comment of files alone (Moodle's feedback files, whose text shows as the feedback) has no line of its own.
            let lines = text.isEmpty ? [] : indented(who + ": " + text, depth: 4, width: width, style: .plain).map { DetailLine.item($0, item) }
            return lines + attachmentLines(comment.attachments, depth: 6, width: width)
        }
    }

    /// A row for each file posted with a comment or an announcement, which `d` downloads.
    static func attachmentLines(_ files: [CourseFile], depth: Int = 4, width: Int) -> [DetailLine] {
        files.flatMap { file in
            let size = file.size.map { " · " + ByteSize.format($0) } ?? ""
            let state = file.isLocked ? " · locked" : ""
            return indented("attached: " + file.name + size + state, depth: depth, width: width, style: .muted).map {
                DetailLine.item($0, DetailItem(id: DetailItem.id(ofAttachment: file.id), title: file.name, url: file.htmlURL))
            }
        }
    }

    private static func indented(_ text: String, depth: Int, width: Int, style: Style) -> [StyledLine] {
        let margin = String(repeating: " ", count: depth)
        return DetailText.wrap(text, width: max(1, width - depth), style: style).map { StyledLine(margin + $0.text, style: style) }
    }
}

extension DetailItem {
    /// The ID of the comment attachment whose own ID is `id`.
    static func id(ofAttachment id: String) -> String {
        "attachment \(id)"
    }
}
