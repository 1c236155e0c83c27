import Testing
@testable import TerminalUI

/// `clean`, `cut` and `cleanLines` against the plain scalar-by-scalar versions, which define the answer.
@Suite struct SanitizerFastPathTests {
    /// Pieces that escape sequences, line breaks and ordinary text are built from.
    static let pieces: [String] = [
        "\u{1B}[", "\u{1B}]", "\u{1B}P", "\u{1B}X", "\u{1B}^", "\u{1B}_", "\u{1B}(", "\u{1B} ", "\u{1B}7", "\u{1B}\\",
        "\u{1B}", "\u{9B}", "\u{9D}", "\u{90}", "\u{9C}", "\u{98}", "\u{9E}", "\u{9F}", "\u{85}", "\u{7F}",
        "31", ";", "38;5;196", "?1049", "m", "h", "H", "0;title", "8;;https://a.example", "\u{07}", "\u{0}",
        "\r", "\n", "\r\n", "\n\n", "\t", "\u{8}", "\u{C}", "\u{2028}", "\u{2029}", "\u{202E}", "\u{2066}", "\u{2069}",
        "plain", " ", "Lập trình", "e\u{301}", "日本語", "👨‍👩‍👧", "🇻🇳", "1️⃣", "\u{200D}", "\u{FEFF}", "\u{FFFD}",
    ]

    @Test(arguments: UnicodeCorpus.samples + SanitizerFastPathTests.pieces)
    func corpusCleansTheSame(text: String) {
        expectSameScalars(Sanitizer.clean(text), Sanitizer.referenceClean(text))
        expectSameLines(Sanitizer.cleanLines(text), Sanitizer.referenceCleanLines(text))
        for limit in 0...(text.unicodeScalars.count + 1) {
            expectSameScalars(Sanitizer.cut(text, limit: limit), Sanitizer.referenceCut(text, limit: limit))
        }
    }

    @Test func everyScalarThroughPlaneTwoCleansTheSame() {
        var mismatches: [UInt32] = []
        let sampled = Array(UInt32(0)...0x2FFFF) + Array(stride(from: UInt32(0x30000), through: 0x10FFFF, by: 97))
        for value in sampled {
            guard let scalar = Unicode.Scalar(value) else { continue }
            for text in ["a" + String(scalar) + "b", "Việt" + String(scalar) + "\r\n" + String(scalar)] {
                let same = Array(Sanitizer.clean(text).unicodeScalars) == Array(Sanitizer.referenceClean(text).unicodeScalars)
                    && Sanitizer.cleanLines(text).map { Array($0.unicodeScalars) } == Sanitizer.referenceCleanLines(text).map { Array($0.unicodeScalars) }
                if !same { mismatches.append(value) }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(20).map { String($0, radix: 16) })")
    }

    @Test func plainTextIsExactlyWhatTheScrubberLeavesAlone() {
        for value in UInt32(0)...0x30FF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "x" + String(scalar) + "y"
            let unchanged = Array(Sanitizer.referenceClean(text).unicodeScalars) == Array(text.unicodeScalars)
            #expect(Scrubber.isPlainText(scalar) == unchanged, "U+\(String(value, radix: 16))")
        }
    }

    @Test func plainBytesAreExactlyThePlainScalars() {
        var mismatches: [UInt32] = []
        let sampled = Array(UInt32(0)...0x2FFFF) + Array(stride(from: UInt32(0x30000), through: 0x10FFFF, by: 97))
        for value in sampled {
            guard let scalar = Unicode.Scalar(value) else { continue }
            for text in [String(scalar), "é" + String(scalar), String(scalar) + "\u{2026}"] {
                var copy = text
                let plainBytes = copy.withUTF8 { Scrubber.isPlainText(utf8: $0) }
                if plainBytes != text.unicodeScalars.allSatisfy(Scrubber.isPlainText) { mismatches.append(value) }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(20).map { String($0, radix: 16) })")
    }

    @Test func randomTextWithEscapeSequencesCleansTheSame() {
        var generator = SeededGenerator(seed: 0x5EED_0101)
        for _ in 0..<5_000 {
            let text = Self.randomText(using: &generator)
            expectSameScalars(Sanitizer.clean(text), Sanitizer.referenceClean(text))
            expectSameLines(Sanitizer.cleanLines(text), Sanitizer.referenceCleanLines(text))
            let limit = Int.random(in: 0...(text.unicodeScalars.count + 2), using: &generator)
            expectSameScalars(Sanitizer.cut(text, limit: limit), Sanitizer.referenceCut(text, limit: limit))
        }
    }

    @Test func longTextIsCutTheSame() {
        let texts = [String(repeating: "a", count: 5000), String(repeating: "Lập ", count: 2000),
                     String(repeating: "e\u{301}", count: 3000), String(repeating: "日", count: 4096)]
        for text in texts {
            expectSameScalars(Sanitizer.cut(text), Sanitizer.referenceCut(text))
            for limit in [1, 72, 4095, 4096, 4097] {
                expectSameScalars(Sanitizer.cut(text, limit: limit), Sanitizer.referenceCut(text, limit: limit))
            }
        }
    }

    /// Up to 12 pieces, some of them single random scalars from anywhere in planes 0 to 2.
    static func randomText(using generator: inout SeededGenerator) -> String {
        var text = ""
        for _ in 0..<Int.random(in: 0...12, using: &generator) {
            if Int.random(in: 0..<4, using: &generator) == 0 {
                text.unicodeScalars.append(UnicodeCorpus.randomScalar(using: &generator))
            } else {
                text += pieces.randomElement(using: &generator) ?? ""
            }
        }
        return text
    }

    private func expectSameLines(_ actual: [String], _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(actual.map { Array($0.unicodeScalars) } == expected.map { Array($0.unicodeScalars) },
                "\(actual.map(scalarList)) != \(expected.map(scalarList))", sourceLocation: sourceLocation)
    }
}
