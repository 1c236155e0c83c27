import Testing
@testable import TerminalUI

@Suite struct WordWrapTests {
    static let english = "Swift is a general-purpose programming language built using a modern approach to safety, performance, and software design patterns. This course covers optionals, closures, generics, protocols and structured concurrency with hands-on exercises."
    static let vietnamese = "Khóa học này giới thiệu lập trình Swift từ cơ bản đến nâng cao, bao gồm kiểu dữ liệu, hàm, lớp, giao thức và xử lý đồng thời với nhiều bài tập thực hành."
    /// The same sentence in NFD: base letters followed by combining marks.
    static let vietnameseDecomposed = "Kho\u{301}a ho\u{323}c na\u{300}y gio\u{31B}\u{301}i thie\u{323}\u{302}u la\u{323}\u{302}p tri\u{300}nh Swift tu\u{31B}\u{300} co\u{31B} ba\u{309}n đe\u{302}\u{301}n na\u{302}ng cao, bao go\u{302}\u{300}m kie\u{302}\u{309}u du\u{31B}\u{303} lie\u{323}\u{302}u, ha\u{300}m, lo\u{31B}\u{301}p, giao thu\u{31B}\u{301}c va\u{300} xu\u{31B}\u{309} ly\u{301} đo\u{302}\u{300}ng tho\u{31B}\u{300}i vo\u{31B}\u{301}i nhie\u{302}\u{300}u ba\u{300}i ta\u{323}\u{302}p thu\u{31B}\u{323}c ha\u{300}nh."
    static let japanese = "このコースでは、Swiftプログラミングの基礎から応用までを学びます。実践的な演習を通じて、型、関数、プロトコル、並行処理を理解します。"
    static let chinese = "本课程介绍Swift编程语言的基础知识和高级特性，包括可选类型、闭包、泛型、协议以及结构化并发，并配有大量实践练习。"
    static let widths = [1, 2, 3, 5, 8, 13, 20, 40, 80]

    @Test(arguments: [
        ("", 10, [""]),
        ("hello world", 20, ["hello world"]),
        ("hello world", 11, ["hello world"]),
        ("hello world", 10, ["hello", "world"]),
        ("hello world", 5, ["hello", "world"]),
        ("a  b", 10, ["a  b"]),                           // inner spaces kept
        ("aaa    bbb", 5, ["aaa", "bbb"]),                // spaces collapse at the break
        ("  indented text", 40, ["  indented text"]),
        ("abcdefghij", 4, ["abcd", "efgh", "ij"]),        // over-long word is broken
        ("go abcdefghij", 5, ["go ab", "cdefg", "hij"]),  // ...starting where the line has room
        ("ab", 0, ["a", "b"]),                            // width 0 behaves as 1
        ("ab", -5, ["a", "b"]),
        ("日本語の文章です", 5, ["日本", "語の", "文章", "です"]),
        ("日本語の文章です", 4, ["日本", "語の", "文章", "です"]),
        ("日本語", 1, ["…", "…", "…"]),                   // a 2-column char can never fit in 1
        ("Học Swift 日本語", 8, ["Học", "Swift", "日本語"]),       // a run that fits a line is kept whole
        ("Học Swift 日本語入門", 8, ["Học", "Swift 日", "本語入門"]), // a longer one fills the line first
        ("👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧", 4, ["👨‍👩‍👧👨‍👩‍👧", "👨‍👩‍👧"]),
        ("🇻🇳 Việt Nam", 6, ["🇻🇳", "Việt", "Nam"]),
        ("one\ntwo three", 20, ["one", "two three"]),
    ])
    func wraps(text: String, width: Int, expected: [String]) {
        #expect(text.wrapped(toWidth: width) == expected)
    }

    @Test func decomposedVietnameseIsNotSplitInsideClusters() {
        let text = "Tie\u{302}\u{301}ng Vie\u{323}\u{302}t"
        let lines = text.wrapped(toWidth: 3)
        #expect(lines == ["Tiế", "ng", "Việ", "t"])
        #expect(lines.joined().unicodeScalars.count == text.unicodeScalars.count - 1)  // only the space is gone
    }

    @Test(arguments: [english, vietnamese, vietnameseDecomposed], widths)
    func spacedTextWrapsWithinWidth(text: String, width: Int) {
        let lines = text.wrapped(toWidth: width)
        for line in lines {
            #expect(line.displayWidth <= width, "\(line)")
            #expect(!line.hasPrefix(" ") && !line.hasSuffix(" "), "\(line)")
        }
        // Nothing is lost: the words come back once the breaks are undone.
        #expect(lines.joined().filter { $0 != " " } == text.filter { $0 != " " })
        if width >= Self.longestWord(in: text) {
            #expect(lines.joined(separator: " ") == text)
            // Greedy: the next line's first word would not have fitted on this one.
            for (line, next) in zip(lines, lines.dropFirst()) {
                let nextWord = next.split(separator: " ").first ?? ""
                #expect(line.displayWidth + 1 + nextWord.displayWidth > width)
            }
        }
    }

    @Test(arguments: [japanese, chinese], widths.filter { $0 >= 2 })
    func textWithoutSpacesWrapsWithinWidth(text: String, width: Int) {
        let lines = text.wrapped(toWidth: width)
        #expect(lines.joined() == text)
        for line in lines.dropLast() {
            #expect(line.displayWidth <= width, "\(line)")
            // All characters here are 1 or 2 wide, so a full line loses at most one column.
            #expect(line.displayWidth >= width - 1, "\(line)")
        }
        #expect(lines.count > 1 || text.displayWidth <= width)
    }

    @Test func decomposedSampleReallyIsDecomposed() {
        #expect(Self.vietnameseDecomposed == Self.vietnamese)  // canonically equivalent
        #expect(Self.vietnameseDecomposed.unicodeScalars.count > Self.vietnamese.unicodeScalars.count)
        #expect(Self.vietnameseDecomposed.displayWidth == Self.vietnamese.displayWidth)
    }

    private static func longestWord(in text: String) -> Int {
        text.split(separator: " ").map(\.displayWidth).max() ?? 0
    }
}
