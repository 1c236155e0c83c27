import CNcurses

extension CursesScreen {
    /// Every key waiting on stdin, without blocking.
    public func readKeys() -> [Key] {
        var keys: [Key] = []
        var character: wint_t = 0
        while true {
            let status = wget_wch(cb_stdscr(), &character)
            if status == ERR { break }
            let key = status == cb_key_code_yes() ? Self.functionKey(Int32(character)) : Self.textKey(UInt32(character))
            if let key {
                keys.append(key)
            }
        }
        return Self.foldingFocusReports(keys)
    }

    /// Focus reports arrive as `ESC [ I` and `ESC [ O`, which curses doesn't know, so it
    /// hands over their three keys; fold them back into one.
    static func foldingFocusReports(_ keys: [Key]) -> [Key] {
        var folded: [Key] = []
        var index = keys.startIndex
        while index < keys.endIndex {
            if index + 2 < keys.endIndex, keys[index] == .escape, keys[index + 1] == .character("[") {
                switch keys[index + 2] {
                case .character("I"):
                    folded.append(.focusIn)
                    index += 3
                    continue
                case .character("O"):
                    folded.append(.focusOut)
                    index += 3
                    continue
                default:
                    break
                }
            }
            folded.append(keys[index])
            index += 1
        }
        return folded
    }

    static func functionKey(_ code: Int32) -> Key? {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_PPAGE: return .pageUp
        case KEY_NPAGE: return .pageDown
        case KEY_HOME: return .home
        case KEY_END, KEY_LL: return .end
        case KEY_BTAB: return .backTab
        case KEY_ENTER: return .enter
        case KEY_BACKSPACE: return .backspace
        case KEY_DC: return .delete
        case KEY_RESIZE: return nil
        case KEY_F0 + 1...KEY_F0 + 12: return .function(Int(code - KEY_F0))
        default: return .unknown
        }
    }

    static func textKey(_ value: UInt32) -> Key? {
        switch value {
        case 9: return .tab
        case 10, 13: return .enter
        case 27: return .escape
        case 8, 127: return .backspace
        case 0..<32:
            return Unicode.Scalar(value + 96).map { .control(Character($0)) }
        default:
            return Unicode.Scalar(value).map { .character(Character($0)) }
        }
    }
}
