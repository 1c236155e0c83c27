import Testing
@testable import TerminalUI

@Suite struct DisplayWidthTests {
    @Test(arguments: [
        ("A", 1),
        ("é", 1),                               // precomposed U+00E9
        ("e\u{301}", 1),                        // e + combining acute
        ("ệ", 1),                               // precomposed U+1EC7
        ("e\u{323}\u{302}", 1),                 // e + dot below + circumflex
        ("日", 2),
        ("あ", 2),
        ("한", 2),
        ("Ａ", 2),                               // fullwidth Latin U+FF21
        ("ｱ", 1),                               // halfwidth katakana U+FF71
        ("\u{303F}", 1),                        // the one narrow scalar inside the CJK block
        ("❗", 2),                               // emoji presentation by default
        ("❤", 1),                               // text presentation by default...
        ("❤\u{FE0F}", 2),                       // ...but emoji presentation when asked
        ("👍🏽", 2),                              // skin-tone modifier joins the base
        ("👨‍👩‍👧", 2),                              // ZWJ family
        ("🇻🇳", 2),                              // flag: regional indicator pair
        ("🇯🇵", 2),
        ("\u{301}", 0),                         // lone combining mark
        ("\u{200B}", 0),
        ("\u{200D}", 0),
        ("\u{FE0F}", 0),
        ("\u{1B}", 0),
        ("\u{0}", 0),
        ("\r\n", 0),
    ] as [(Character, Int)])
    func characterWidth(character: Character, expected: Int) {
        #expect(character.displayWidth == expected)
    }

    @Test(arguments: [
        ("", 0),
        ("Swift", 5),
        ("Tiếng Việt cơ bản", 17),                                    // precomposed
        ("Tie\u{302}\u{301}ng Vie\u{323}\u{302}t", 10),               // decomposed
        ("日本語入門", 10),
        ("こんにちは世界", 14),
        ("中文课程", 8),
        ("한국어", 6),
        ("Hi 👋", 5),
        ("👨‍👩‍👧 family", 9),
        ("🇻🇳🇯🇵", 4),
        ("Python 入門 ❗", 14),
    ])
    func stringWidth(text: String, expected: Int) {
        #expect(text.displayWidth == expected)
    }

    @Test func substringWidthMatchesString() {
        let text = "Khóa học 日本語"
        #expect(text.dropFirst(9).displayWidth == 6)
    }

    @Test(arguments: [
        ("日本語入門", 10, "日本語入門"),       // fits exactly: unchanged
        ("日本語入門", 9, "日本語入…"),
        ("日本語入門", 6, "日本…"),             // 語 would straddle the limit, so it goes
        ("日本語入門", 5, "日本…"),
        ("日本語入門", 4, "日…"),
        ("日本語入門", 2, "…"),
        ("日本語入門", 1, "…"),
        ("Hello, world", 12, "Hello, world"),
        ("Hello, world", 8, "Hello, …"),
        ("abc", 1, "…"),
        ("abc", 0, ""),
        ("abc", -4, ""),
        ("Tiếng Việt", 6, "Tiếng…"),
        ("Tie\u{302}\u{301}ng Vie\u{323}\u{302}t", 4, "Tie\u{302}\u{301}…"),
        ("👨‍👩‍👧👨‍👩‍👧", 4, "👨‍👩‍👧👨‍👩‍👧"),
        ("👨‍👩‍👧👨‍👩‍👧", 3, "👨‍👩‍👧…"),
        ("🇻🇳🇯🇵🇰🇷", 5, "🇻🇳🇯🇵…"),
    ])
    func truncation(text: String, width: Int, expected: String) {
        let result = text.truncated(toWidth: width)
        #expect(result == expected)
        // Compare scalars too: == on String ignores normalization, and a cluster must not be split.
        #expect(Array(result.unicodeScalars) == Array(expected.unicodeScalars))
    }

    @Test(arguments: [
        ("INT2215", 7, "INT2215"),            // fits exactly: unchanged
        ("INT2215", 6, "…T2215"),
        ("ENG-AP-12", 6, "…AP-12"),
        ("情報 101", 6, "… 101"),              // 報 would straddle the limit, so it goes
        ("情報 101", 7, "…報 101"),
        ("Tie\u{302}\u{301}ng Vie\u{323}\u{302}t", 5, "…Vie\u{323}\u{302}t"),
        ("abc", 1, "…"),
        ("abc", 0, ""),
    ])
    func truncationFromTheFront(text: String, width: Int, expected: String) {
        let result = text.truncatedFromFront(toWidth: width)
        #expect(Array(result.unicodeScalars) == Array(expected.unicodeScalars), "\(result)")
        #expect(result.displayWidth <= max(width, 0))
        #expect("INT2215".truncatedFromFront(toWidth: 6, ellipsis: "~") == "~T2215")
    }

    @Test func customEllipsis() {
        #expect("abcdefgh".truncated(toWidth: 6, ellipsis: "...") == "abc...")
        #expect("abcdefgh".truncated(toWidth: 2, ellipsis: "...") == "..")
        #expect("abcdefgh".truncated(toWidth: 3, ellipsis: "") == "abc")
    }

    @Test(arguments: ["日本語入門", "Tiếng Việt cơ bản", "👨‍👩‍👧🇻🇳 emoji é", "plain ascii text", "a日b本c"])
    func truncationNeverExceedsWidth(text: String) {
        for width in -1...(text.displayWidth + 2) {
            let result = text.truncated(toWidth: width)
            #expect(result.displayWidth <= max(width, 0), "width \(width): \(result)")
            if text.displayWidth <= width {
                #expect(result == text)
            } else if width > 0 {
                #expect(result.hasSuffix("…"))
                #expect(text.hasPrefix(result.dropLast()))
                // Greedy: at most one column is lost to a wide character straddling the limit.
                #expect(result.displayWidth >= width - 1)
            }
        }
    }

    @Test(arguments: [
        ("日本", 5, "日本 "),
        ("日本語入門", 5, "日本…"),
        ("日本語入門", 6, "日本… "),
        ("Việt", 6, "Việt  "),
        ("abc", 0, ""),
        ("", 3, "   "),
    ])
    func padding(text: String, width: Int, expected: String) {
        let result = text.padded(toWidth: width)
        #expect(result == expected)
        #expect(result.displayWidth == max(width, 0))
    }
}
