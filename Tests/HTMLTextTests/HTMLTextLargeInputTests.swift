import Testing
@testable import HTMLText

/// Large inputs of the shapes that once made conversion slow must give the same text as small ones.
@Suite struct HTMLTextLargeInputTests {
    /// The blocks' texts, each block cut for length joined up again; every part is within the limit.
    private func texts(_ html: String) -> [String] {
        var texts: [String] = []
        for block in HTMLText.blocks(from: html) {
            #expect(block.text.utf8.count <= HTMLText.BlockBuilder.longestBlock)
            if let separator = block.joinsPrevious, let before = texts.popLast() {
                texts.append(before + separator + block.text)
            } else {
                texts.append(block.text)
            }
        }
        return texts
    }

    // MARK: Entities

    @Test func longRunOfOneEntityDecodesEveryReference() {
        let count = 100_000
        let text = texts(String(repeating: "&amp;", count: count))
        #expect(text == [String(repeating: "&", count: count)])
    }

    @Test func longMixedEntityRunMatchesTheShortRunRepeated() throws {
        let unit = "&amp;&lt;&#233;&#x1EA1;&nbsp;x&eacute;&#8217;&bogus;&amp"
        let short = try #require(texts(unit).first)
        #expect(short == "&<éạ xé\u{2019}&bogus;&amp")
        #expect(texts(String(repeating: unit + " ", count: 20_000)) == [Array(repeating: short, count: 20_000).joined(separator: " ")])
    }

    @Test func entityHeavyTextWithControlsMatchesTheShortRunRepeated() throws {
        let unit = "&amp;\u{1B}[31m&lt;&#27;&#x9B;&nbsp;\u{7}&#233;\u{9B}2J&bogus;"
        let short = try #require(texts(unit).first)
        #expect(short == "&<\u{FFFD}\u{203A} é&bogus;")
        #expect(texts(String(repeating: unit, count: 20_000)) == [String(repeating: short, count: 20_000)])
        #expect(texts("<pre>" + String(repeating: unit, count: 20_000) + "</pre>") == [String(repeating: short, count: 20_000)])
    }

    @Test func referencesAreDecodedBeforeControlSequencesAreDropped() {
        // An escape spelled as a reference is only a replacement character; a "[" spelled as one still ends an ESC.
        #expect(texts("a&#x1B;[0mb") == ["a\u{FFFD}[0mb"])
        #expect(texts("a\u{1B}&#91;31mb") == ["ab"])
    }

    // MARK: Text nodes

    @Test func giantTextNodeCollapsesItsWhitespace() {
        let unit = "Lập trình\n\tSwift  cơ bản 中文 🎓 text."
        let html = String(repeating: unit + "\r\n", count: 20_000)
        #expect(texts(html) == [Array(repeating: "Lập trình Swift cơ bản 中文 🎓 text.", count: 20_000).joined(separator: " ")])
    }

    @Test func giantTextNodeDropsInvisibleScalarsBesideVisibleOnes() {
        let unit = "a\u{A0}b\u{202F}c\u{AD}d\u{85}e\u{7F}f\u{1B}[1mg\u{2019}h\u{3000}i"
        let html = "\u{202F}\u{A0} " + String(repeating: unit + " ", count: 20_000) + "\u{A0}\u{202F}"
        #expect(texts(html) == [Array(repeating: "a b cdefg\u{2019}h\u{3000}i", count: 20_000).joined(separator: " ")])
    }

    @Test func strayLessThanSignsInALongTextStayText() {
        #expect(texts(String(repeating: "1 < 2 <3 <= 4 <", count: 20_000)) == [String(repeating: "1 < 2 <3 <= 4 <", count: 20_000)])
    }

    // MARK: Unclosed markup

    @Test func veryLongUnclosedTagSwallowsTheRestOfTheInput() {
        let attributes = String(repeating: "data-a=b c ", count: 50_000)
        #expect(texts("<p>before</p><div class=\"x\" " + attributes) == ["before"])
        #expect(texts("<p>before <a href=\"" + attributes) == ["before"])
        #expect(texts("<p>before</p></div " + attributes) == ["before"])
        #expect(texts("<p>before</p><!-- " + attributes) == ["before"])
    }

    @Test func manyUnclosedTagsEachStartABlock() {
        #expect(texts(String(repeating: "<div><span><b>x ", count: 10_000)) == Array(repeating: "x", count: 10_000))
    }

    @Test func scopeIsRestoredWhenNestingPastTheCapUnwinds() {
        let nested = String(repeating: "<ul><li>", count: 40) + "deep" + String(repeating: "</li></ul>", count: 40)
        let html = nested + "<table><tr><td>a</td><td><pre>b  c</pre></td></tr></table><pre>d  e</pre>after"
        #expect(HTMLText.blocks(from: html) == [
            // 64 open elements at most: 32 lists with their items.
            TextBlock(kind: .listItem(marker: "•", depth: 31), text: "deep"),
            TextBlock(kind: .paragraph, text: "a | b c"),
            TextBlock(kind: .preformatted, text: "d  e"),
            TextBlock(kind: .paragraph, text: "after"),
        ])
    }

    @Test func longLinkLabelGetsItsTarget() {
        let label = String(repeating: "Lập trình ", count: 20_000)
        #expect(texts("<a href=\"https://x.y\">" + label + "</a>") == [label.dropLast() + " (https://x.y)"])
    }

    // MARK: Names and attributes

    @Test func nonASCIINamesAndValuesSurviveCaseFolding() {
        #expect(texts("<P ÄB=\"c\" HREF=x>t</P>") == ["t"])
        #expect(texts("<A HREF=\"https://Ä.example/\">Ä</A>") == ["Ä (https://Ä.example/)"])
        #expect(texts("<IMG ALT=\"Caf&Eacute;  Ä\">") == ["[image: CafÉ Ä]"])
        #expect(texts("<a href=\" \u{A0}https://x.y\u{202F} \">here</a>") == ["here (https://x.y)"])
        // Only an ASCII letter can start a tag, and only ASCII letters are folded: "SCRİPT" is not "script".
        #expect(texts("<ÄB>a</ÄB><SCRİPT>b</SCRİPT>") == ["<ÄB>a</ÄB>b"])
    }

    @Test func onlyKnownTagNamesShapeBlocks() {
        let html = "a<h7>b</h7>c<asides>d</asides>e<FIGCAPTION>f</FIGCAPTION>g<Blockquote>h</BLOCKQUOTE><ddx>i</ddx><dd>j</dd><z>k<_p>l"
        #expect(HTMLText.blocks(from: html) == [
            TextBlock(kind: .paragraph, text: "abcde"),
            TextBlock(kind: .paragraph, text: "f"),
            TextBlock(kind: .paragraph, text: "g"),
            TextBlock(kind: .quote, text: "h"),
            TextBlock(kind: .paragraph, text: "i"),
            TextBlock(kind: .paragraph, text: "j"),
            TextBlock(kind: .paragraph, text: "k<_p>l"),
        ])
    }

    // MARK: Preformatted text

    @Test func longPreformattedTextExpandsEveryTab() {
        let text = texts("<pre>" + String(repeating: "a\tb\r\n", count: 30_000) + "</pre>")
        #expect(text == [Array(repeating: "a       b", count: 30_000).joined(separator: "\n")])
    }

    @Test func tabStopsCountScalarsNotBytes() {
        let text = texts("<pre>" + String(repeating: "中ạ🎓\tb\n", count: 10_000) + "</pre>")
        #expect(text == [Array(repeating: "中ạ🎓     b", count: 10_000).joined(separator: "\n")])
    }
}
