import CourseKit
import Foundation
import TerminalUI

/// The one row a pane shows while it shows saved copies: how old they are, and, when bringing
/// them up to date failed, why, with `[r]etry`.
enum SavedCopyRow {
    /// The row for copies saved at `savedAt` (the oldest shown); `failure` is why the refresh
    /// failed, nil while it is under way or not started.
    static func lines(
        savedAt: Date, refreshing: Bool, failure: LoadFailure?, note: LoadProgress.Note? = nil, now: Date, width: Int, glyphs: Glyphs
    ) -> [StyledLine] {
        let age = DateText.age(of: savedAt, now: now)
        guard let failure else {
            var line = StyledLine(refreshing ? "Saved \(age) · refreshing…" : "Saved \(age)", style: .muted)
            if let note {
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
