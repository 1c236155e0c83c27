import CourseKit
import FoundationEssentials
import TerminalUI

/// The rows every pane uses to say it is busy or that something failed.
enum StatusRows {
    /// After this long a spinner also shows how many seconds have passed.
    static let elapsedThreshold: TimeInterval = 2

    /// A spinner and `label`, with elapsed seconds once the wait is long enough to wonder about.
    static func loading(_ label: String, since start: Date, now: Date, glyphs: Glyphs, note: LoadProgress.Note? = nil) -> StyledLine {
        let elapsed = max(0, now.timeIntervalSince(start))
        let frames = glyphs.spinner
        let frame = frames[Int(now.timeIntervalSinceReferenceDate * 10) % frames.count]
        var line = StyledLine([.init(text: frame + " ", style: .accent), .init(text: label, style: .plain)])
        if elapsed > elapsedThreshold {
            line.spans.append(.init(text: " \(Int(elapsed))s", style: .muted))
        }
        if let note {
            let wait = max(0, Int(note.retryAt.timeIntervalSince(now).rounded(.up)))
            line.spans.append(.init(text: " · \(note.reason), retrying in \(wait)s", style: Style(role: .warning)))
        }
        return line
    }

    /// A marker and a message wrapped to `width`, for problems the user fixes by typing, not by retrying.
    static func problem(_ message: String, width: Int, glyphs: Glyphs) -> [StyledLine] {
        marked(message, marker: glyphs.failure + " ", markerStyle: .error, textStyle: Style(role: .error), width: width)
    }

    /// A marker and a note wrapped to `width`, for something left out that the user may want to fix.
    static func warning(_ message: String, width: Int, glyphs: Glyphs) -> [StyledLine] {
        marked(message, marker: "! ", markerStyle: Style(bold: true, role: .warning), textStyle: Style(role: .warning), width: width)
    }

    /// A lock and a note wrapped to `width`, for something the user can't open now; no retry helps.
    static func locked(_ message: String, width: Int, glyphs: Glyphs) -> [StyledLine] {
        marked(message, marker: glyphs.lock + " ", markerStyle: .muted, textStyle: .muted, width: width)
    }

    /// The inline error row: a marker, the message wrapped to `width`, and `[r]etry`.
    static func failure(_ message: String, width: Int, glyphs: Glyphs) -> [StyledLine] {
        let marker = glyphs.failure + " "
        var lines = marked(message, marker: marker, markerStyle: .error, textStyle: Style(role: .error), width: width)
        let last = lines.last?.spans.last?.text ?? ""
        let retry = [StyledLine.Span(text: "[r]", style: .accent), StyledLine.Span(text: "etry", style: .plain)]
        if !lines.isEmpty, last.displayWidth + 2 + "[r]etry".count <= max(1, width - marker.displayWidth) {
            lines[lines.count - 1].spans += [StyledLine.Span(text: "  ", style: .plain)] + retry
        } else {
            lines.append(StyledLine([StyledLine.Span(text: String(repeating: " ", count: marker.displayWidth), style: .error)] + retry))
        }
        return lines
    }

    /// `message` wrapped to `width` after `marker`, its later lines indented to line up with the first.
    private static func marked(_ message: String, marker: String, markerStyle: Style, textStyle: Style, width: Int) -> [StyledLine] {
        let indent = String(repeating: " ", count: marker.displayWidth)
        let wrapped = Sanitizer.clean(message).wrapped(toWidth: max(1, width - marker.displayWidth))
        return wrapped.enumerated().map { index, text in
            StyledLine([.init(text: index == 0 ? marker : indent, style: markerStyle), .init(text: text, style: textStyle)])
        }
    }
}
