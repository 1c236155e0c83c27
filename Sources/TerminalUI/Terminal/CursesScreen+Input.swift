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
        var folded = Self.foldingMouseReports(unfinishedReport + Self.foldingFocusReports(keys))
        unfinishedReport = Self.unfinishedReport(atEndOf: folded)
        folded.removeLast(unfinishedReport.count)
        return folded
    }

    /// The start of a mouse report at the end of `keys` whose end is still to come: a report
    /// split between two reads must not reach the app as an Escape and some characters.
    static func unfinishedReport(atEndOf keys: [Key]) -> [Key] {
        guard let start = keys.lastIndex(of: .escape), keys.count - start <= maxReportLength else { return [] }
        let tail = Array(keys[start...])
        // A read may end right after `ESC [`; nobody types Escape and `[` within one read.
        if tail == [.escape, .character("[")] { return tail }
        guard tail.count >= 3, Array(tail.prefix(3)) == [.escape, .character("["), .character("<")] else { return [] }
        let rest = tail.dropFirst(3)
        return rest.allSatisfy { key in
            if case let .character(character) = key { return (character.isASCII && character.isNumber) || character == ";" }
            return false
        } ? tail : []
    }

    /// The longest report read: three numbers of up to five digits and their punctuation.
    static let maxReportLength = 24

    /// Mouse reports arrive as `ESC [ < button ; column ; row M` (or `m` on release, SGR mode
    /// 1006), which curses is not asked to read: its own mouse reading waits on the terminal
    /// for bytes it has already buffered, and would stall the main queue. Fold them into
    /// `.mouse` events here; releases and drags are dropped.
    static func foldingMouseReports(_ keys: [Key]) -> [Key] {
        var folded: [Key] = []
        var index = keys.startIndex
        while index < keys.endIndex {
            if let (event, length) = mouseReport(in: keys[index...]) {
                if let event { folded.append(.mouse(event)) }
                index += length
                continue
            }
            folded.append(keys[index])
            index += 1
        }
        return folded
    }

    /// The report starting at the front of `keys` and how many keys it took; nil when none
    /// starts there. The event is nil for a report the app does not use.
    private static func mouseReport(in keys: ArraySlice<Key>) -> (MouseEvent?, Int)? {
        let start = keys.startIndex
        guard keys.count >= 9, keys[start] == .escape, keys[start + 1] == .character("["), keys[start + 2] == .character("<") else { return nil }
        var numbers: [Int] = [0]
        var index = start + 3
        while index < keys.endIndex, index < start + maxReportLength {
            switch keys[index] {
            case let .character(character) where character.isASCII && character.isNumber:
                // No screen is wider than this; a longer number is not a report.
                guard numbers[numbers.count - 1] < 100_000 else { return nil }
                numbers[numbers.count - 1] = numbers[numbers.count - 1] * 10 + (character.wholeNumberValue ?? 0)
            case .character(";"):
                numbers.append(0)
            case .character("M"), .character("m"):
                guard numbers.count == 3 else { return nil }
                let pressed = keys[index] == .character("M")
                return (event(button: numbers[0], x: numbers[1] - 1, y: numbers[2] - 1, pressed: pressed), index - start + 1)
            default:
                return nil
            }
            index += 1
        }
        return nil
    }

    /// What a report means: a press of the left button, or the wheel; modifiers are ignored.
    private static func event(button: Int, x: Int, y: Int, pressed: Bool) -> MouseEvent? {
        guard pressed, x >= 0, y >= 0 else { return nil }
        switch button & ~(4 | 8 | 16) {
        case 0: return MouseEvent(.click, x: x, y: y)
        case 64: return MouseEvent(.wheelUp, x: x, y: y)
        case 65: return MouseEvent(.wheelDown, x: x, y: y)
        default: return nil
        }
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
