import Testing
@testable import CourseBrowser
import CourseKit
import HTMLText
import TerminalUI
import TestSupport

struct LineEditorTests {
    func typed(_ keys: [Key], into editor: LineEditor = LineEditor()) -> LineEditor {
        var editor = editor
        for key in keys { _ = editor.handle(key) }
        return editor
    }

    @Test func typesAndDeletesAtTheCursor() {
        let editor = typed([.character("a"), .character("c"), .left, .character("b"), .end, .backspace])
        #expect(editor.text == "ab")
        #expect(editor.cursor == 2)
    }

    @Test func shellStyleKillKeys() {
        #expect(typed([.control("w")], into: LineEditor(text: "~/docs/essay")).text == "~/docs/")
        #expect(typed([.control("w"), .control("w")], into: LineEditor(text: "~/docs/essay")).text == "~/")
        #expect(typed([.home, .right, .control("k")], into: LineEditor(text: "abc")).text == "a")
        #expect(typed([.left, .control("u")], into: LineEditor(text: "abc")).text == "c")
    }

    @Test func wideAndCombinedCharactersMoveAsOne() {
        let editor = typed([.backspace], into: LineEditor(text: "bài tập 日"))
        #expect(editor.text == "bài tập ")
    }

    @Test func keysItDoesNotEditWithAreLeftToTheCaller() {
        var editor = LineEditor()
        let used = [Key.enter, .tab, .escape].map { editor.handle($0) }
        #expect(used == [false, false, false])
    }
}

struct LineEditorCombiningTests {
    @Test func aCombiningMarkTypedAfterItsLetterJoinsItAndTheCursorStaysInside() {
        var editor = LineEditor()
        for scalar in "Cafe\u{301} 👍\u{1F3FD}!".unicodeScalars {
            _ = editor.handle(.character(Character(scalar)))
        }
        #expect(editor.text == "Café 👍🏽!")
        #expect(editor.cursor == editor.text.count)
        _ = editor.handle(.backspace)
        _ = editor.handle(.backspace)
        _ = editor.handle(.left)
        _ = editor.handle(.delete)
        #expect(editor.text == "Café")
        _ = editor.handle(.control("k"))
        _ = editor.handle(.control("u"))
        #expect(editor.text.isEmpty)
    }
}
