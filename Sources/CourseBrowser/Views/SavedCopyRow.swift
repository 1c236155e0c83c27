import CourseKit
import Foundation
import TerminalUI

/// The one row a pane shows while it shows saved copies: how old they are, and, when bringing
/// them up to date failed, why, with `[r]etry`.
enum SavedCopyRow {
    /// The row for copies saved at `savedAt` (the oldest shown); `failure` is why the refresh
    /// failed, nil while it is under way or not started.
    static func lines(savedAt: Date, refreshing: Bool, failure: LoadFailure?, now: Date, width: Int, glyphs: Glyphs) -> [StyledLine] {
        let age = DateText.age(of: savedAt, now: now)
        guard let failure else {
            let text = refreshing ? "Saved \(age) · refreshing…" : "Saved \(age)"
            return [StyledLine(text, style: .muted)]
        }
        let offline = (failure.error as? any TransientError)?.meansOffline == true
        let message = offline
            ? "Offline — showing what was saved \(age)"
            : "Couldn't refresh (\(failure.message)) — showing what was saved \(age)"
        return StatusRows.failure(message, width: width, glyphs: glyphs)
    }
}
