import FoundationEssentials
import TerminalUI

/// The row a pane shows when a refresh behind what it shows failed: when, why, and `[r]etry`.
enum RefreshFailureRow {
    /// `❗ Couldn't refresh at 10:42: <reason>  [r]etry`, wrapped to `width`.
    static func lines(_ failure: LoadFailure, at date: Date?, width: Int, glyphs: Glyphs) -> [StyledLine] {
        let when = date.map { " at " + LocalTime($0).clockText } ?? ""
        return StatusRows.failure("Couldn't refresh\(when): \(failure.message)", width: width, glyphs: glyphs)
    }
}
