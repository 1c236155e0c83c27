import Testing
@testable import TerminalUI

@Suite struct SanitizerTests {
    @Test(arguments: [
        // Escape sequences
        ("\u{1B}[31mred\u{1B}[0m", "red"),                              // CSI colour
        ("\u{1B}[38;5;196mbright\u{1B}[m text", "bright text"),
        ("\u{1B}[2J\u{1B}[Hcleared", "cleared"),                         // clear screen, cursor home
        ("\u{1B}[?1049hscreen", "screen"),                               // private-mode CSI
        ("\u{1B}]0;pwned\u{07}title", "title"),                          // OSC title ended by BEL
        ("\u{1B}]2;pwned\u{1B}\\title", "title"),                        // OSC title ended by ST
        ("\u{1B}]8;;https://evil.example\u{1B}\\link\u{1B}]8;;\u{1B}\\", "link"), // OSC 8 hyperlink
        ("\u{1B}Pq#0;2;0;0;0\u{07}still-dcs\u{1B}\\after", "after"),     // BEL does not end DCS
        ("\u{1B}_apc payload\u{1B}\\x", "x"),
        ("\u{1B}^pm payload\u{1B}\\x", "x"),
        ("\u{1B}Xsos payload\u{1B}\\x", "x"),
        ("\u{1B}7saved\u{1B}8", "saved"),                                // two-scalar escapes
        ("\u{1B}(Bcharset", "charset"),                                  // ESC with intermediate
        ("\u{1B}]0;unterminated title", ""),                             // open OSC hides the rest
        ("copy\u{1B}]52;c;ZXZpbA==\u{07}this", "copythis"),              // OSC 52 clipboard write, parameters too
        ("end\u{1B}", "end"),
        // 8-bit C1 forms
        ("\u{9B}31mred", "red"),                                         // 8-bit CSI
        ("\u{9D}0;pwned\u{07}title", "title"),                           // 8-bit OSC
        ("\u{9D}0;pwned\u{9C}title", "title"),                           // ... ended by 8-bit ST
        ("a\u{85}b\u{80}c\u{9F}", "abc"),
        // C0 controls and DEL
        ("a\u{0}b", "ab"),                                               // NUL
        ("a\u{7F}b", "ab"),                                              // DEL
        ("bell\u{07}\u{08}\u{0C}", "bell"),
        // Line breaks and tabs become one space each
        ("a\tb", "a b"),
        ("a\nb", "a b"),
        ("a\rb", "a b"),
        ("a\r\nb", "a b"),
        ("a\n\nb", "a  b"),
        ("a\u{2028}b\u{2029}c", "a b c"),
        // Bidi overrides and isolates
        ("\u{202E}txt.exe", "txt.exe"),
        ("admin\u{2067}\u{2066}check\u{2069}\u{2069}", "admincheck"),
        ("\u{202A}\u{202B}\u{202C}\u{202D}x", "x"),
        // Ordinary text survives untouched
        ("Tiếng Việt cơ bản", "Tiếng Việt cơ bản"),
        ("日本語入門 👨‍👩‍👧 🇻🇳", "日本語入門 👨‍👩‍👧 🇻🇳"),
    ])
    func clean(input: String, expected: String) {
        #expect(Sanitizer.clean(input) == expected)
    }

    @Test func decomposedTextKeepsItsScalars() {
        let decomposed = "Tie\u{302}\u{301}ng Vie\u{323}\u{302}t"
        #expect(Array(Sanitizer.clean(decomposed).unicodeScalars) == Array(decomposed.unicodeScalars))
    }

    @Test func sequenceBetweenBaseAndCombiningMark() {
        // Removing the CSI lets the accent rejoin its base letter.
        let result = Sanitizer.clean("e\u{1B}[1m\u{301}")
        #expect(Array(result.unicodeScalars) == ["e", "\u{301}"])
        #expect(result.count == 1)
    }

    @Test(arguments: Array(0x00...0x1F) + Array(0x7F...0x9F))
    func noControlSurvives(value: UInt32) {
        let control = Character(Unicode.Scalar(value)!)
        let result = Sanitizer.clean("a\(control)b[c]d\u{07}e\u{1B}\\f")
        #expect(!result.unicodeScalars.contains { $0.properties.generalCategory == .control })
        #expect(result.hasSuffix("f"))
    }

    @Test(arguments: [
        ("", [""]),
        ("one", ["one"]),
        ("one\ntwo", ["one", "two"]),
        ("one\r\ntwo\r\n", ["one", "two", ""]),
        ("a\n\nb", ["a", "", "b"]),
        ("\tindented\tline", ["    indented    line"]),
        ("lone\rcr", ["lone cr"]),
        ("\u{1B}]0;title\u{07}Khóa học\n\u{1B}[1m日本語\u{1B}[0m", ["Khóa học", "日本語"]),
        // An OSC left open on one line must not swallow the next.
        ("\u{1B}]0;open\nnext", ["", "next"]),
        ("\u{202E}abc\n\u{9B}2Jdef", ["abc", "def"]),
    ])
    func cleanLines(input: String, expected: [String]) {
        #expect(Sanitizer.cleanLines(input) == expected)
    }
}
