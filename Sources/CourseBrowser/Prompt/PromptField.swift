import TerminalUI

/// A prompt's one-line field: its label, the text with the cursor shown as a selected cell,
/// and the start cut off with an ellipsis when the text before the cursor is too long.
enum PromptField {
    static func line(label: String, editor: LineEditor, width: Int, glyphs: Glyphs) -> StyledLine {
        let text = editor.text
        let before = String(text.prefix(editor.cursor))
        let after = String(text.dropFirst(editor.cursor))
        let cursorCell = after.first.map(String.init) ?? " "
        let room = max(1, width - label.displayWidth - 1)
        let shownBefore = before.displayWidth > room ? glyphs.ellipsis + tail(of: before, width: room - glyphs.ellipsis.displayWidth) : before
        return StyledLine([
            .init(text: label, style: .accent),
            .init(text: shownBefore, style: .plain),
            .init(text: cursorCell, style: .selected),
            .init(text: String(after.dropFirst()), style: .plain),
        ])
    }

    /// The end of `text` that fits in `width` columns, so the cursor after it stays in view.
    private static func tail(of text: String, width: Int) -> String {
        var kept: [Character] = []
        var used = 0
        for character in text.reversed() {
            let next = String(character).displayWidth
            guard used + next <= width else { break }
            kept.append(character)
            used += next
        }
        return String(kept.reversed())
    }
}
