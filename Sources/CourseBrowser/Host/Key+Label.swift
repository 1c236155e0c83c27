import TerminalUI

extension Key {
    /// The key's name as the help and the hint line write it: `↑`, `PgDn`, `Ctrl-C`, `Space`.
    var label: String {
        switch self {
        case .character(" "): return "Space"
        case let .character(character): return String(character)
        case let .control(character): return "Ctrl-" + character.uppercased()
        case .up: return "↑"
        case .down: return "↓"
        case .left: return "←"
        case .right: return "→"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .home: return "Home"
        case .end: return "End"
        case .enter: return "Enter"
        case .tab: return "Tab"
        case .backTab: return "Shift-Tab"
        case .escape: return "Esc"
        case .backspace: return "Backspace"
        case .delete: return "Delete"
        case let .function(number): return "F\(number)"
        case .focusIn, .focusOut, .mouse, .unknown: return ""
        }
    }
}
