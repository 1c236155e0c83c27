import Testing
@testable import TerminalUI

/// `put` against the reference drawing, which defines the answer, cell for cell.
@Suite struct GridFastPathTests {
    static let width = 24
    static let height = 6

    /// Glyph sets to draw with: the two the app has and some that defeat every shortcut.
    static let glyphSets: [Glyphs] = {
        var oddEllipsis = Glyphs.unicode
        oddEllipsis.ellipsis = "\u{301}…"
        var wideEllipsis = Glyphs.ascii
        wideEllipsis.ellipsis = "日"
        var longEllipsis = Glyphs.unicode
        longEllipsis.ellipsis = "..."
        var noEllipsis = Glyphs.unicode
        noEllipsis.ellipsis = ""
        var oddLines = Glyphs.unicode
        oddLines.horizontal = "═\u{301}"
        oddLines.vertical = "日"
        oddLines.focusedHorizontal = "\u{1B}[1m"
        oddLines.focusedVertical = "ab"
        oddLines.topLeft = "\u{0915}\u{094D}"
        oddLines.focusedTopRight = "\u{0903}"
        var asciiLines = Glyphs.unicode
        asciiLines.horizontal = "="
        asciiLines.focusedBottomLeft = "#"
        var boxLinesInASCIIGrid = Glyphs.ascii
        boxLinesInASCIIGrid.vertical = "│"
        return [.unicode, .ascii, oddEllipsis, wideEllipsis, longEllipsis, noEllipsis, oddLines, asciiLines, boxLinesInASCIIGrid]
    }()

    static let texts = UnicodeCorpus.samples + SanitizerFastPathTests.pieces + [
        String(repeating: "a", count: 300), "abcdefghijklmnopqrstuvwxyz0123456789", "  CS 101  Intro",
        "abcdefghijklmnopqrstuvwxyz\u{1B}[31m", "日本語入門日本語入門日本語入門", "a日b本c語d入e門f",
    ]

    @Test(arguments: 0..<GridFastPathTests.glyphSets.count)
    func corpusPutsTheSame(glyphSet: Int) {
        let glyphs = Self.glyphSets[glyphSet]
        for text in Self.texts {
            for x in [-1, 0, 1, 5, Self.width - 3, Self.width - 1, Self.width] {
                for maxWidth in [nil, -1, 0, 1, 2, 3, 4, 7, 12, 40] as [Int?] {
                    var fast = Self.background(glyphs)
                    var reference = fast
                    let written = fast.put(text, x: x, y: 1, maxWidth: maxWidth, style: .accent)
                    let expected = reference.referencePut(text, x: x, y: 1, maxWidth: maxWidth, style: .accent)
                    #expect(written == expected, "\(scalarList(text)) at \(x) in \(String(describing: maxWidth))")
                    expectSameCells(fast, reference, "\(scalarList(text)) at \(x) in \(String(describing: maxWidth))")
                }
            }
        }
    }

    @Test func putsOffTheGridDrawNothing() {
        for y in [-1, Self.height] {
            var fast = Self.background(.unicode)
            var reference = fast
            #expect(fast.put("abc", x: 0, y: y) == reference.referencePut("abc", x: 0, y: y))
            expectSameCells(fast, reference, "row \(y)")
        }
    }

    @Test func randomTextPutsTheSame() {
        var generator = SeededGenerator(seed: 0x5EED_0201)
        for _ in 0..<3_000 {
            let glyphs = Self.glyphSets.randomElement(using: &generator) ?? .unicode
            let text = Bool.random(using: &generator)
                ? SanitizerFastPathTests.randomText(using: &generator)
                : UnicodeCorpus.randomString(maxScalars: 30, using: &generator)
            let x = Int.random(in: -1...Self.width, using: &generator)
            let maxWidth = Bool.random(using: &generator) ? nil : Int.random(in: -1...30, using: &generator)
            var fast = Self.background(glyphs)
            var reference = fast
            let written = fast.put(text, x: x, y: 2, maxWidth: maxWidth, style: .bold)
            #expect(written == reference.referencePut(text, x: x, y: 2, maxWidth: maxWidth, style: .bold), "\(scalarList(text))")
            expectSameCells(fast, reference, scalarList(text))
        }
    }

    @Test func randomPrintableASCIIPutsTheSame() {
        var generator = SeededGenerator(seed: 0x5EED_0202)
        for _ in 0..<3_000 {
            let glyphs = Self.glyphSets.randomElement(using: &generator) ?? .unicode
            let text = String((0..<Int.random(in: 0...40, using: &generator)).map { _ in
                Character(Unicode.Scalar(UInt8.random(in: 0x20...0x7E, using: &generator)))
            })
            let x = Int.random(in: 0..<Self.width, using: &generator)
            let maxWidth = Int.random(in: 0...30, using: &generator)
            var fast = Self.background(glyphs)
            var reference = fast
            #expect(fast.put(text, x: x, y: 3, maxWidth: maxWidth) == reference.referencePut(text, x: x, y: 3, maxWidth: maxWidth))
            expectSameCells(fast, reference, text)
        }
    }

    /// A grid already holding text, wide clusters among it, so overwriting half of one shows.
    static func background(_ glyphs: Glyphs) -> Grid {
        backgrounds.first { $0.glyphs == glyphs } ?? Grid(width: width, height: height, glyphs: glyphs)
    }

    private static let backgrounds: [Grid] = glyphSets.map { glyphs in
        var grid = Grid(width: width, height: height, glyphs: glyphs)
        for y in 0..<height {
            grid.referencePut(String(repeating: y.isMultiple(of: 2) ? "日本語" : "x日本", count: 10), x: 0, y: y)
        }
        return grid
    }
}

/// Fails unless every cell of `actual` holds the same scalars in the same style as in `expected`.
func expectSameCells(_ actual: Grid, _ expected: Grid, _ context: String, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(actual.width == expected.width && actual.height == expected.height, sourceLocation: sourceLocation)
    for y in 0..<min(actual.height, expected.height) {
        for x in 0..<min(actual.width, expected.width) {
            let (a, b) = (actual[x, y], expected[x, y])
            if Array(a.text.unicodeScalars) != Array(b.text.unicodeScalars) || a.style != b.style {
                Issue.record("\(context): cell (\(x), \(y)) is [\(scalarList(a.text))] \(a.style), expected [\(scalarList(b.text))] \(b.style)",
                             sourceLocation: sourceLocation)
                return
            }
        }
    }
}
