import CourseKit
import TerminalUI

extension ReplyFlow {
    /// Lines of the words shown above the question, so the student sees what they post.
    static let previewLines = 3
    /// The most of a name the question shows: a discussion's title with whom the reply answers.
    static let longestName = 90

    /// The editor's turn, the question with the first lines of the words, or the queueing.
    func lines(width: Int, glyphs: Glyphs) -> [StyledLine] {
        // The question wraps, so only a name past any sensible length is cut.
        let name = Sanitizer.clean(answering).truncated(toWidth: Self.longestName, ellipsis: glyphs.ellipsis)
        switch stage {
        case .writing:
            return "Writing your reply to \(name) in your editor…".wrapped(toWidth: max(1, width)).map { StyledLine($0, style: .muted) }
        case let .confirming(text, _):
            let preview = text.split(whereSeparator: \.isNewline).map { Sanitizer.clean(String($0)) }.filter { !$0.trimming(.whitespaces).isEmpty }
                .prefix(Self.previewLines).map { StyledLine("  " + $0.truncated(toWidth: max(1, width - 2), ellipsis: glyphs.ellipsis), style: .muted) }
            let question = "Post your reply of \(HandInText.wordCount(text)) words to \(name)? y posts · e edits it · n not now"
            return preview + question.wrapped(toWidth: max(1, width)).map { StyledLine($0, style: Style(bold: true, role: .warning)) }
        case .queueing:
            return [StyledLine("Queueing your reply…", style: .muted)]
        }
    }
}
