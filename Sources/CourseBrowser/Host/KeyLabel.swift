import TerminalUI

/// Key names as a terminal without UTF-8 shows them: the arrows spelled out, as `^` and `v`
/// would read as Ctrl and the letter v.
enum KeyLabel {
    /// `label` for `glyphs`: unchanged in UTF-8, else `↑↓` as `Up/Down`, `↑` as `Up` and so on.
    static func spelled(_ label: String, for glyphs: Glyphs) -> String {
        guard glyphs == .ascii else { return label }
        return label.replacing("↑↓", with: "Up/Down").replacing("←→", with: "Left/Right")
            .replacing("↑", with: "Up").replacing("↓", with: "Down").replacing("←", with: "Left").replacing("→", with: "Right")
    }
}

extension KeyHint {
    /// The hint with its key named for `glyphs`.
    func spelled(for glyphs: Glyphs) -> KeyHint {
        KeyHint(key: KeyLabel.spelled(key, for: glyphs), action: action)
    }
}

extension KeyItem {
    /// The item with its keys named for `glyphs`.
    func spelled(for glyphs: Glyphs) -> KeyItem {
        var item = self
        item.row = KeyTable.Row(keys: row.keys.map { $0.map { KeyLabel.spelled($0, for: glyphs) } }, does: row.does, hint: row.hint)
        return item
    }
}
