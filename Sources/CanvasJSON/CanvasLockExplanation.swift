import HTMLText
import TextBasics

/// Canvas's `lock_explanation`, which is HTML (`This assignment is part of the module <b>Week 2</b>
/// and hasn't been unlocked yet.<br/><a href='…'>Visit the course modules page…</a>`), as the
/// plain text every place that shows it needs: the panes, the hand-in picker, `submit`, warnings
/// and download errors.
package enum CanvasLockExplanation {
    /// The explanation as one line of text; nil when there is none or it says nothing.
    ///
    /// Links keep their words and lose their addresses: the modules page the words name is a
    /// key away, and Canvas adds a hidden link (`display: none`) only its own page looks up.
    package static func text(_ html: String?) -> String? {
        guard let html else { return nil }
        let unlinked = html.replacing(/<a\b[^>]*>/.ignoresCase(), with: "<a>")
        let words = HTMLText.plainText(unlinked).split(whereSeparator: \.isWhitespace)
        return words.isEmpty ? nil : words.joined(separator: " ")
    }
}
