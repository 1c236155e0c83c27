import Testing
@testable import TerminalUI

/// `put` and `box` against the reference drawing, which defines the answer, cell for cell.
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

    @Test(arguments: 0..<GridFastPathTests.glyphSets.count)
    func boxesDrawTheSame(glyphSet: Int) {
        let glyphs = Self.glyphSets[glyphSet]
        var generator = SeededGenerator(seed: 0x5EED_0300 + UInt64(glyphSet))
        var rects: [Rect] = [Rect(x: 0, y: 0, width: Self.width, height: Self.height), Rect(x: 0, y: 0, width: 2, height: 2)]
        for _ in 0..<400 {
            rects.append(Rect(x: Int.random(in: -3...Self.width + 1, using: &generator), y: Int.random(in: -3...Self.height + 1, using: &generator),
                              width: Int.random(in: 0...Self.width + 4, using: &generator), height: Int.random(in: 0...Self.height + 3, using: &generator)))
        }
        for rect in rects {
            for focused in [false, true] {
                let title = UnicodeCorpus.samples.randomElement(using: &generator) ?? ""
                var fast = Self.background(glyphs)
                var reference = fast
                fast.box(rect, title: title, focused: focused, style: .muted)
                reference.referenceBox(rect, title: title, focused: focused, style: .muted)
                expectSameCells(fast, reference, "\(rect) focused \(focused)")
            }
        }
    }

    @Test func boxesOnAFullSizeScreenDrawTheSame() {
        for glyphs in [Glyphs.unicode, .ascii] {
            for focused in [false, true] {
                var fast = Grid(width: 140, height: 45, glyphs: glyphs)
                var reference = fast
                fast.box(fast.bounds, title: "Courses", focused: focused)
                fast.box(Rect(x: 0, y: 0, width: 50, height: 45), title: "Khóa học", focused: !focused)
                reference.referenceBox(reference.bounds, title: "Courses", focused: focused)
                reference.referenceBox(Rect(x: 0, y: 0, width: 50, height: 45), title: "Khóa học", focused: !focused)
                expectSameCells(fast, reference, "focused \(focused)")
            }
        }
    }

    /// The glyphs that go straight into cells must be what the general path would draw for
    /// them, alone and beside each other.
    @Test func singleCellGlyphsStandAloneAndApart() {
        let allowed = (UInt32(0x20)...0x7E).map { ($0, true) } + (UInt32(0x2500)...0x257F).map { ($0, false) }
        for (value, isASCII) in allowed {
            let glyph = String(Unicode.Scalar(value).map(Character.init) ?? " ")
            #expect(BoxLines.isSingleCellGlyph(glyph, asciiOnly: false))
            #expect(BoxLines.isSingleCellGlyph(glyph, asciiOnly: true) == isASCII)
            #expect(glyph.referenceDisplayWidth == 1)
            expectSameScalars(Sanitizer.referenceClean(glyph), glyph)
            for (other, _) in allowed {
                let pair = glyph + String(Unicode.Scalar(other).map(Character.init) ?? " ")
                if pair.count != 2 { Issue.record("U+\(String(value, radix: 16)) joins U+\(String(other, radix: 16))") }
            }
        }
        #expect(!BoxLines.isSingleCellGlyph("", asciiOnly: false))
        #expect(!BoxLines.isSingleCellGlyph("──", asciiOnly: false))
        #expect(!BoxLines.isSingleCellGlyph("\u{7F}", asciiOnly: false))
        #expect(!BoxLines.isSingleCellGlyph("─\u{301}", asciiOnly: false))
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
