import TerminalUI

extension Binding {
    /// ↑ ↓ or j k: a row, a line.
    static func step(does: String, hint: String, action: Action) -> Binding {
        Binding([[.up, .down], [.character("j"), .character("k")]], does: does, hint: hint, hintKey: "↑↓", action: action)
    }

    /// PgUp PgDn, and `more` keys that page too (Space in the course).
    static func page(_ more: [Key] = [], does: String, action: Action) -> Binding {
        Binding([[.pageUp, .pageDown]] + (more.isEmpty ? [] : [more]), does: does, action: action)
    }

    /// Home End or g G: the first, the last.
    static func ends(does: String, action: Action) -> Binding {
        Binding([[.home, .end], [.character("g"), .character("G")]], does: does, action: action)
    }
}
