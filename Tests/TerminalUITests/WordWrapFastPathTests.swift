import Testing
@testable import TerminalUI

/// `wrapped(toWidth:)`, its word-by-word path on its own, and `wrappedLineCount(toWidth:)`,
/// against the reference wrapping.
@Suite struct WordWrapFastPathTests {
    static let texts = UnicodeCorpus.samples + SanitizerFastPathTests.pieces + [
        WordWrapTests.english, WordWrapTests.vietnamese, WordWrapTests.vietnameseDecomposed, WordWrapTests.japanese,
        WordWrapTests.chinese, "  leading and trailing  ", "tab\there", "line\nbreak", "a \u{301}b", "   ", " ",
    ]

    @Test(arguments: WordWrapFastPathTests.texts)
    func corpusWrapsTheSame(text: String) {
        for width in -1...(text.referenceDisplayWidth + 2) {
            expectSameLines(text.wrapped(toWidth: width), text.referenceWrapped(toWidth: width), "width \(width)")
            expectSameLines(text.wrappedWordByWord(toWidth: width), text.referenceWrapped(toWidth: width), "word by word, width \(width)")
            #expect(text.wrappedLineCount(toWidth: width) == text.referenceWrapped(toWidth: width).count, "lines counted, width \(width)")
        }
    }

    @Test func randomTextWrapsTheSame() {
        var generator = SeededGenerator(seed: 0x5EED_0401)
        for _ in 0..<3_000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...8, using: &generator) {
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: text += String(repeating: " ", count: Int.random(in: 1...3, using: &generator))
                case 1: text += UnicodeCorpus.randomString(maxScalars: 5, using: &generator)
                default: text += Self.randomPrintableWord(using: &generator)
                }
            }
            let width = Int.random(in: 0...(text.referenceDisplayWidth + 2), using: &generator)
            expectSameLines(text.wrapped(toWidth: width), text.referenceWrapped(toWidth: width), scalarList(text))
            expectSameLines(text.wrappedWordByWord(toWidth: width), text.referenceWrapped(toWidth: width), scalarList(text))
            #expect(text.wrappedLineCount(toWidth: width) == text.referenceWrapped(toWidth: width).count, "lines counted, \(scalarList(text))")
        }
    }

    /// Printable ASCII goes its own way through the wrapper, so it gets sentences of its own.
    @Test func randomPrintableASCIIWrapsTheSame() {
        var generator = SeededGenerator(seed: 0x5EED_0402)
        for _ in 0..<2_000 {
            let words = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
                Bool.random(using: &generator) ? String(repeating: " ", count: Int.random(in: 1...3, using: &generator)) : Self.randomPrintableWord(using: &generator)
            }
            let text = words.joined()
            let width = Int.random(in: 0...(text.utf8.count + 2), using: &generator)
            expectSameLines(text.wrapped(toWidth: width), text.referenceWrapped(toWidth: width), text)
            expectSameLines(text.wrappedWordByWord(toWidth: width), text.referenceWrapped(toWidth: width), text)
            #expect(text.wrappedLineCount(toWidth: width) == text.referenceWrapped(toWidth: width).count, "lines counted, \(text)")
        }
    }

    /// Latin text beyond ASCII is wrapped by its scalars and bytes; it gets sentences of its own,
    /// and words that only look like it (a combining accent, a soft hyphen, an emoji sign) go the long way.
    @Test func randomLatinTextWrapsTheSame() {
        var generator = SeededGenerator(seed: 0x5EED_0403)
        let letters = Array("aăâđêôơưÀẬỆỮßçéøłœ“”‘’—–…-.,;:!?0123456789".unicodeScalars) + ["e\u{301}", "\u{AD}", "©\u{FE0F}", "日"]
            .flatMap(\.unicodeScalars)
        for round in 0..<2_000 {
            let words = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
                Bool.random(using: &generator)
                    ? String(repeating: " ", count: Int.random(in: 1...3, using: &generator))
                    : String(String.UnicodeScalarView((0..<Int.random(in: 1...12, using: &generator)).map { _ in
                        // Most rounds stay within the letters that take the short way.
                        letters[Int.random(in: 0..<(round % 4 == 0 ? letters.count : letters.count - 6), using: &generator)]
                    }))
            }
            let text = words.joined()
            let width = Int.random(in: 0...(text.referenceDisplayWidth + 2), using: &generator)
            expectSameLines(text.wrapped(toWidth: width), text.referenceWrapped(toWidth: width), scalarList(text))
            expectSameLines(text.wrappedWordByWord(toWidth: width), text.referenceWrapped(toWidth: width), scalarList(text))
            #expect(text.wrappedLineCount(toWidth: width) == text.referenceWrapped(toWidth: width).count, "lines counted, \(scalarList(text))")
        }
    }

    @Test(arguments: [
        ("Lập trình Swift cơ bản", true), ("Straße · “quoted” — and …", true), ("plain", true), ("", true),
        ("e\u{301}", false), ("soft\u{AD}hyphen", false), ("©\u{FE0F}", false), ("日本語", false), ("tab\there", false),
        ("line\nbreak", false), ("\u{2028}", false), ("\u{200B}", false),
    ])
    func oneColumnScalarsAreTold(text: String, oneColumn: Bool) {
        #expect(text.isOneColumnPerScalar == oneColumn)
        if oneColumn { #expect(text.scalarCount == text.referenceDisplayWidth) }
    }

    private static func randomPrintableWord(using generator: inout SeededGenerator) -> String {
        String((0..<Int.random(in: 1...12, using: &generator)).map { _ in
            Character(Unicode.Scalar(UInt8.random(in: 0x21...0x7E, using: &generator)))
        })
    }

    /// The line widths the layout keeps as it goes must be the ones the reference measures.
    @Test(arguments: [1, 2, 3, 5, 8, 13, 20, 40, 80])
    func wrappedLinesAreNoWiderThanAsked(width: Int) {
        for text in Self.texts {
            for line in text.wrapped(toWidth: width) {
                #expect(line.referenceDisplayWidth <= width, "\(scalarList(text)) at \(width)")
            }
        }
    }

    private func expectSameLines(_ actual: [String], _ expected: [String], _ context: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(actual.map { Array($0.unicodeScalars) } == expected.map { Array($0.unicodeScalars) },
                "\(context): \(actual.map(scalarList)) != \(expected.map(scalarList))", sourceLocation: sourceLocation)
    }
}
