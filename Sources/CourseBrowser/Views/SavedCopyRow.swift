import CourseKit
import FoundationEssentials
import TerminalUI

/// The one row a pane shows while it shows saved copies: how old they are, and, when bringing
/// them up to date failed, why, with `[r]etry`.
enum SavedCopyRow {
    /// What the row says: when the oldest copy shown was saved, whether a refresh is under
    /// way and what it waits for, and why it failed (nil while under way or not started).
    struct Status {
        var savedAt: Date
        var refreshing: Bool
        var failure: LoadFailure?
        var note: LoadProgress.Note?
    }

    /// The row for `status` at `now`: its age and any wait count on, so it is made as it is drawn.
    static func lines(_ status: Status, now: Date, width: Int, glyphs: Glyphs) -> [StyledLine] {
        let age = DateText.age(of: status.savedAt, now: now)
        guard let failure = status.failure else {
            var line = StyledLine(status.refreshing ? "Saved \(age) · refreshing…" : "Saved \(age)", style: .muted)
            if let note = status.note {
                let wait = max(0, Int(note.retryAt.timeIntervalSince(now).rounded(.up)))
                line.spans.append(.init(text: " · \(note.reason), retrying in \(wait)s", style: Style(role: .warning)))
            }
            return [line]
        }
        let error = failure.error as? any TransientError
        let message = error?.meansOffline == true
            ? "Offline — showing what was saved \(age)"
            : "Couldn't refresh (\(failure.message)) — showing what was saved \(age)"
        // Trying again only helps what may pass; --offline never asks.
        return error?.isTransient == false
            ? StatusRows.problem(message, width: width, glyphs: glyphs)
            : StatusRows.failure(message, width: width, glyphs: glyphs)
    }
}
