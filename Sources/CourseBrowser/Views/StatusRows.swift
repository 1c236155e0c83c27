import CourseKit
import Foundation
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
        let marker = glyphs.failure + " "
        let indent = String(repeating: " ", count: marker.displayWidth)
        let wrapped = Sanitizer.clean(message).wrapped(toWidth: max(1, width - marker.displayWidth))
        return wrapped.enumerated().map { index, text in
            StyledLine([.init(text: index == 0 ? marker : indent, style: .error), .init(text: text, style: Style(role: .error))])
        }
    }

    /// A marker and a note wrapped to `width`, for something left out that the user may want to fix.
    static func warning(_ message: String, width: Int, glyphs: Glyphs) -> [StyledLine] {
        let marker = "! "
        let wrapped = Sanitizer.clean(message).wrapped(toWidth: max(1, width - marker.count))
        return wrapped.enumerated().map { index, text in
            StyledLine([.init(text: index == 0 ? marker : "  ", style: Style(bold: true, role: .warning)), .init(text: text, style: Style(role: .warning))])
        }
    }

    /// The inline error row: a marker, the message wrapped to `width`, and `[r]etry`.
    static func failure(_ message: String, width: Int, glyphs: Glyphs) -> [StyledLine] {
        let marker = glyphs.failure + " "
        let indent = String(repeating: " ", count: marker.displayWidth)
        let retry = "[r]etry"
        let textWidth = max(1, width - marker.displayWidth)
        var wrapped = Sanitizer.clean(message).wrapped(toWidth: textWidth)
        let lastFits = (wrapped.last ?? "").displayWidth + 2 + retry.count <= textWidth
        if !lastFits {
            wrapped.append("")
        }
        return wrapped.enumerated().map { index, text in
            var line = StyledLine([
                .init(text: index == 0 ? marker : indent, style: .error),
                .init(text: text, style: Style(role: .error)),
            ])
            if index == wrapped.count - 1 {
                line.spans.append(.init(text: text.isEmpty ? "" : "  ", style: .plain))
                line.spans.append(.init(text: "[r]", style: .accent))
                line.spans.append(.init(text: "etry", style: .plain))
            }
            return line
        }
    }
}

extension StatusRows {
    /// A lock and a note wrapped to `width`, for something the user can't open now; no retry helps.
    static func locked(_ message: String, width: Int, glyphs: Glyphs) -> [StyledLine] {
        let marker = glyphs.lock + " "
        let indent = String(repeating: " ", count: marker.displayWidth)
        let wrapped = Sanitizer.clean(message).wrapped(toWidth: max(1, width - marker.displayWidth))
        return wrapped.enumerated().map { index, text in
            StyledLine([.init(text: index == 0 ? marker : indent, style: .muted), .init(text: text, style: .muted)])
        }
    }
}
