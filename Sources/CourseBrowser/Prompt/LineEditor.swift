import TerminalUI

/// A one-line text field: the keys people expect from a shell prompt.
struct LineEditor: Equatable {
    private(set) var text = ""
    /// Position of the cursor, in characters.
    private(set) var cursor = 0

    init(text: String = "") {
        self.text = text
        cursor = text.count
    }

    /// Applies an editing key; returns false for keys it doesn't edit with.
    mutating func handle(_ key: Key) -> Bool {
        switch key {
        case let .character(character): insert(String(character))
        case .backspace: deleteBackward()
        case .delete, .control("d"): deleteForward()
        case .left, .control("b"): cursor = max(0, cursor - 1)
        case .right, .control("f"): cursor = min(text.count, cursor + 1)
        case .home, .control("a"): cursor = 0
        case .end, .control("e"): cursor = text.count
        case .control("u"): remove(0..<cursor)
        case .control("k"): remove(cursor..<text.count)
        case .control("w"): deleteWordBackward()
        default: return false
        }
        return true
    }

    mutating func replace(with newText: String) {
        text = newText
        cursor = newText.count
    }

    /// Inserts `string` at the cursor and puts the cursor after it.
    ///
    /// Keys come one Unicode scalar at a time, so a combining mark (or an emoji modifier) joins
    /// the character before it: the cursor is counted again rather than moved by the input's length.
    mutating func insert(_ string: String) {
        let before = String(text.prefix(cursor)) + string
        text = before + String(text.dropFirst(cursor))
        cursor = min(before.count, text.count)
    }

    private mutating func deleteBackward() {
        guard cursor > 0 else { return }
        remove((cursor - 1)..<cursor)
    }

    private mutating func deleteForward() {
        guard cursor < text.count else { return }
        let start = text.index(text.startIndex, offsetBy: cursor)
        text.remove(at: start)
    }

    /// Deletes back to the previous space or slash, as shells do for paths.
    private mutating func deleteWordBackward() {
        let before = Array(text.prefix(cursor))
        var start = before.count
        while start > 0, before[start - 1] == " " || before[start - 1] == "/" { start -= 1 }
        while start > 0, before[start - 1] != " ", before[start - 1] != "/" { start -= 1 }
        remove(start..<cursor)
    }

    private mutating func remove(_ range: Range<Int>) {
        let range = range.clamped(to: 0..<text.count)
        guard !range.isEmpty else { return }
        let lower = text.index(text.startIndex, offsetBy: range.lowerBound)
        let upper = text.index(text.startIndex, offsetBy: range.upperBound)
        text.removeSubrange(lower..<upper)
        cursor = range.lowerBound
    }
}
