import Testing
@testable import TerminalUI

/// The table-driven and ASCII widths against the plain per-property ones, which define the answer.
@Suite struct DisplayWidthFastPathTests {
    static let ellipses = ["…", "...", "", "~", "\u{301}", "日", "👨‍👩‍👧", "a\u{301}"]

    @Test(arguments: UnicodeCorpus.samples)
    func corpusWidthsMatch(text: String) {
        for character in text {
            #expect(character.displayWidth == character.referenceDisplayWidth, "\(scalarList(String(character)))")
        }
        #expect(text.displayWidth == text.referenceDisplayWidth)
        #expect(text.dropFirst().displayWidth == text.dropFirst().referenceDisplayWidth)
        #expect(text.dropLast().displayWidth == text.dropLast().referenceDisplayWidth)
    }

    @Test(arguments: UnicodeCorpus.samples)
    func corpusTruncationMatches(text: String) {
        for width in -1...(text.referenceDisplayWidth + 2) {
            for ellipsis in Self.ellipses {
                expectSameScalars(text.truncated(toWidth: width, ellipsis: ellipsis), text.referenceTruncated(toWidth: width, ellipsis: ellipsis))
            }
            expectSameScalars(text.prefix(fittingWidth: width), text.referencePrefix(fittingWidth: width))
            #expect(text.fits(inWidth: width) == (text.referenceDisplayWidth <= width))
            expectSameScalars(text.padded(toWidth: width), referencePadded(text, toWidth: width))
        }
    }

    @Test func everyScalarThroughPlaneTwoAloneMatches() {
        var mismatches: [UInt32] = []
        for value in UInt32(0)...0x2FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let character = Character(scalar)
            if character.displayWidth != character.referenceDisplayWidth { mismatches.append(value) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(20).map { String($0, radix: 16) })")
    }

    @Test func theTableAgreesWithThePropertiesItWasBuiltFrom() {
        var mismatches: [UInt32] = []
        let sampled = Array(UInt32(0)..<0x20000) + Array(stride(from: UInt32(0x20000), through: 0x10FFFF, by: 97))
            + UnicodeCorpus.interestingScalars
        for value in sampled {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if ScalarWidthTable.kind(of: scalar) != ScalarWidthKind(classifying: scalar) { mismatches.append(value) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(20).map { String($0, radix: 16) })")
    }

    @Test func everyPairOfInterestingScalarsMatches() {
        var mismatches: [String] = []
        for first in UnicodeCorpus.interestingScalars.compactMap(Unicode.Scalar.init) {
            for second in UnicodeCorpus.interestingScalars.compactMap(Unicode.Scalar.init) {
                for text in [String(first) + String(second), String(first) + String(second) + "\u{FE0F}",
                             String(first) + "\u{200D}" + String(second)] where !sameWidths(text) {
                    mismatches.append(scalarList(text))
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(20))")
    }

    @Test func randomClustersMatch() {
        var generator = SeededGenerator(seed: 0x5EED_0001)
        var mismatches: [String] = []
        for _ in 0..<20_000 {
            let text = UnicodeCorpus.randomString(maxScalars: 6, using: &generator)
            if !sameWidths(text) { mismatches.append(scalarList(text)) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(20))")
    }

    @Test func theScalarBoundIsNeverBelowTheWidth() {
        var generator = SeededGenerator(seed: 0x5EED_0004)
        let texts = UnicodeCorpus.samples + (0..<20_000).map { _ in UnicodeCorpus.randomString(maxScalars: 12, using: &generator) }
        for text in texts {
            let width = text.referenceDisplayWidth
            #expect(ScalarWidthTable.mostColumns(of: text.unicodeScalars, limit: .max) >= width, "\(scalarList(text))")
            // Counting stops once past the limit, but never below it.
            #expect(ScalarWidthTable.mostColumns(of: text.unicodeScalars, limit: width - 1) >= width, "\(scalarList(text))")
        }
    }

    @Test func randomTextTruncatesTheSame() {
        var generator = SeededGenerator(seed: 0x5EED_0002)
        for _ in 0..<1_000 {
            let text = UnicodeCorpus.randomString(maxScalars: 24, using: &generator)
            let width = Int.random(in: -1...20, using: &generator)
            let ellipsis = Self.ellipses.randomElement(using: &generator) ?? "…"
            expectSameScalars(text.truncated(toWidth: width, ellipsis: ellipsis), text.referenceTruncated(toWidth: width, ellipsis: ellipsis))
            expectSameScalars(text.prefix(fittingWidth: width), text.referencePrefix(fittingWidth: width))
            #expect(text.fits(inWidth: width) == (text.referenceDisplayWidth <= width), "\(scalarList(text))")
        }
    }

    @Test func printableASCIIIsExactlyTheBytesFromSpaceToTilde() {
        for value in UInt32(0)...0x10FF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let expected = (0x20...0x7E).contains(value)
            #expect(String(scalar).isPrintableASCII == expected, "U+\(String(value, radix: 16))")
            // In the middle and at the end of a longer text, past the first few bytes.
            #expect(("abcdefghijklmnop" + String(scalar) + "qrstuvw").isPrintableASCII == expected)
            #expect(("abcdefghijklmnopqrstuvw" + String(scalar)).isPrintableASCII == expected)
            // A substring sees only its own bytes, not those of the string around it.
            let framed = "\u{1}y" + String(scalar) + "z\u{7F}"
            let inner = framed[framed.utf8.index(after: framed.startIndex)..<framed.utf8.index(before: framed.endIndex)]
            #expect(inner.isPrintableASCII == expected)
        }
        #expect("".isPrintableASCII)
        #expect("".dropFirst().isPrintableASCII)
    }

    @Test func randomTextIsPrintableASCIIExactlyWhenEveryScalarIs() {
        var generator = SeededGenerator(seed: 0x5EED_0003)
        for _ in 0..<2_000 {
            var text = String((0..<Int.random(in: 0...40, using: &generator)).map { _ in
                Character(Unicode.Scalar(UInt8.random(in: 0x20...0x7E, using: &generator)))
            })
            if Bool.random(using: &generator) {
                let index = text.index(text.startIndex, offsetBy: Int.random(in: 0...text.count, using: &generator))
                text.insert(Character(UnicodeCorpus.randomScalar(using: &generator)), at: index)
            }
            let expected = text.unicodeScalars.allSatisfy { (0x20...0x7E).contains($0.value) }
            #expect(text.isPrintableASCII == expected, "\(scalarList(text))")
            #expect(text.displayWidth == text.referenceDisplayWidth, "\(scalarList(text))")
        }
    }

    /// Whether every cluster of `text`, and the whole of it, measure the same both ways.
    private func sameWidths(_ text: String) -> Bool {
        text.allSatisfy { $0.displayWidth == $0.referenceDisplayWidth } && text.displayWidth == text.referenceDisplayWidth
    }

    private func referencePadded(_ text: String, toWidth width: Int) -> String {
        guard width > 0 else { return "" }
        let fitted = text.referenceTruncated(toWidth: width)
        return fitted + String(repeating: " ", count: width - fitted.referenceDisplayWidth)
    }
}

/// Compares scalar by scalar: `==` on String ignores normalization, and a fast path must not change it.
func expectSameScalars(_ actual: String, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(Array(actual.unicodeScalars) == Array(expected.unicodeScalars), "\(scalarList(actual)) != \(scalarList(expected))", sourceLocation: sourceLocation)
}

/// `text` as hexadecimal scalar values, readable in a failure message whatever it holds.
func scalarList(_ text: String) -> String {
    text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ")
}
