import TestSupport
import Testing
@testable import HTMLText

/// Behaviour of `HTMLText.blocks(from:)` on the HTML found in Canvas syllabi.
@Suite struct HTMLTextTests {
    private func paragraph(_ text: String) -> TextBlock { TextBlock(kind: .paragraph, text: text) }
    private func item(_ marker: String, _ depth: Int, _ text: String) -> TextBlock {
        TextBlock(kind: .listItem(marker: marker, depth: depth), text: text)
    }
    private func texts(_ html: String) -> [String] { HTMLText.blocks(from: html).map(\.text) }

    // MARK: Paragraphs and line breaks

    @Test func paragraphsCollapseWhitespaceAndTrim() {
        let html = "<p>  First \n\t paragraph  </p>\n<P>Second<b> bold </b>line</P>"
        #expect(HTMLText.blocks(from: html) == [paragraph("First paragraph"), paragraph("Second bold line")])
    }

    @Test func looseTextAndDivsBecomeParagraphs() {
        let html = "Intro text<div>In a div<div>nested</div>after nested</div>tail"
        #expect(texts(html) == ["Intro text", "In a div", "nested", "after nested", "tail"])
        #expect(HTMLText.blocks(from: html).allSatisfy { $0.kind == .paragraph })
    }

    @Test func brBreaksLinesInsideOneBlock() {
        let html = "<p>Line one<br>Line two <br/> Line three<BR />end</p>"
        #expect(HTMLText.blocks(from: html) == [paragraph("Line one\nLine two\nLine three\nend")])
    }

    @Test func runsOfBrLeaveAtMostOneBlankLineAndAreTrimmed() {
        #expect(texts("<p><br>a<br><br><br><br>b<br></p>") == ["a\n\nb"])
    }

    @Test func strayClosingBrAndParagraphTagsStillBreak() {
        #expect(texts("a</br>b</p>c") == ["a\nb", "c"])
    }

    // MARK: Headings, quotes, rules

    @Test func headingsKeepTheirLevel() {
        let html = "<h1>Title</h1><H3 class=\"x\">Week <em>1</em></H3><h6>Small</h6>"
        #expect(HTMLText.blocks(from: html) == [
            TextBlock(kind: .heading(level: 1), text: "Title"),
            TextBlock(kind: .heading(level: 3), text: "Week 1"),
            TextBlock(kind: .heading(level: 6), text: "Small"),
        ])
    }

    @Test func unclosedHeadingIsClosedByTheNextOne() {
        let kinds = HTMLText.blocks(from: "<h1>One<h2>Two</h2><p>Body").map(\.kind)
        #expect(kinds == [.heading(level: 1), .heading(level: 2), .paragraph])
    }

    @Test func blockquoteAndRule() {
        let html = "<blockquote><p>Quoted one</p><p>Quoted two</p></blockquote><hr><p>After</p><hr/>"
        #expect(HTMLText.blocks(from: html) == [
            TextBlock(kind: .quote, text: "Quoted one"),
            TextBlock(kind: .quote, text: "Quoted two"),
            TextBlock(kind: .rule, text: ""),
            paragraph("After"),
            TextBlock(kind: .rule, text: ""),
        ])
    }

    // MARK: Lists

    @Test func unorderedListItemsGetBullets() {
        #expect(HTMLText.blocks(from: "<ul><li>One</li><li> Two </li></ul>") == [item("•", 0, "One"), item("•", 0, "Two")])
    }

    @Test func orderedListNumbersItemsEvenWithoutClosingTags() {
        #expect(HTMLText.blocks(from: "<ol><li>a<li>b<li>c</ol>") == [item("1.", 0, "a"), item("2.", 0, "b"), item("3.", 0, "c")])
    }

    @Test func orderedListHonoursStartAndValue() {
        let html = "<ol start=\"5\"><li>e</li><li value='9'>i</li><li>j</li></ol><OL START=0><li>zero</li></OL>"
        #expect(HTMLText.blocks(from: html) == [item("5.", 0, "e"), item("9.", 0, "i"), item("10.", 0, "j"), item("0.", 0, "zero")])
    }

    @Test func nestedListsIncreaseDepth() {
        let html = """
            <ul>
              <li>Top
                <ul><li>Inner<ol><li>Deep one</li><li>Deep two</li></ol></li></ul>
              </li>
              <li>Next</li>
            </ul>
            """
        #expect(HTMLText.blocks(from: html) == [
            item("•", 0, "Top"),
            item("•", 1, "Inner"),
            item("1.", 2, "Deep one"),
            item("2.", 2, "Deep two"),
            item("•", 0, "Next"),
        ])
    }

    @Test func paragraphsInsideAnItemStayInThatItem() {
        let blocks = HTMLText.blocks(from: "<ol><li><p>Read chapter 1</p><p>Due Monday</p></li><li>Quiz</li></ol>")
        #expect(blocks == [item("1.", 0, "Read chapter 1\nDue Monday"), item("2.", 0, "Quiz")])
    }

    @Test func textAfterANestedListContinuesTheItemWithoutAMarker() {
        let blocks = HTMLText.blocks(from: "<ul><li>Parent<ul><li>Child</li></ul>more</li></ul>")
        #expect(blocks == [item("•", 0, "Parent"), item("•", 1, "Child"), item("", 0, "more")])
    }

    @Test func listDirectlyInsideListIsNested() {
        let blocks = HTMLText.blocks(from: "<ol><li>a</li><ol><li>b</li></ol><li>c</li></ol>")
        #expect(blocks == [item("1.", 0, "a"), item("1.", 1, "b"), item("2.", 0, "c")])
    }

    // MARK: Entities

    @Test func namedEntitiesAreDecoded() {
        let html = "<p>Tom &amp; Jerry &lt;3 &quot;hi&quot; &apos;x&apos; &copy; 2024 &ndash; caf&eacute; &hellip; &euro;5 &times; 2 &deg;C &laquo;&raquo; &ldquo;q&rdquo; &trade; &szlig;</p>"
        #expect(texts(html) == ["Tom & Jerry <3 \"hi\" 'x' © 2024 – café … €5 × 2 °C «» “q” ™ ß"])
    }

    @Test func nbspBecomesAnOrdinaryCollapsibleSpace() {
        #expect(texts("<p>a&nbsp;&nbsp;b&nbsp;</p>") == ["a b"])
        #expect(texts("<p>x\u{A0}\u{A0}y</p>") == ["x y"])
    }

    @Test func numericEntitiesDecimalAndHex() {
        #expect(texts("&#65;&#x42;&#X43;&#x1EA1;&#128512;") == ["ABCạ😀"])
    }

    @Test func invalidNumericEntitiesBecomeReplacementCharacter() {
        #expect(texts("a&#xD800;b&#1114112;c&#0;d&#27;e&#99999999999999999999;f") == ["a\u{FFFD}b\u{FFFD}c\u{FFFD}d\u{FFFD}e\u{FFFD}f"])
    }

    @Test func windows1252NumbersMapToTheirCharacters() {
        #expect(texts("&#150; &#147;x&#148; &#133;") == ["– “x” …"])
    }

    @Test func unknownAndUnterminatedEntitiesAreLeftAsWritten() {
        let html = "&bogus; AT&T &amp no semicolon &#xZZ; &#; & &#12"
        #expect(texts(html) == ["&bogus; AT&T &amp no semicolon &#xZZ; &#; & &#12"])
    }

    @Test func vietnameseTextFromMixedEntities() {
        #expect(texts("<p>L&#7853;p tr&igrave;nh</p>") == ["Lập trình"])
        #expect(texts("<p>Gi&#7899;i thi&#x1EC7;u m&ocirc;n h&#7885;c</p>") == ["Giới thiệu môn học"])
    }

    @Test func entitiesInAttributesAreDecoded() {
        let html = "<a href=\"https://x.edu/p?a=1&amp;b=2\">page</a><img alt=\"caf&eacute;\">"
        #expect(texts(html) == ["page (https://x.edu/p?a=1&b=2)[image: café]"])
    }

    // MARK: Hidden content

    @Test func scriptAndStyleContentsAreDropped() {
        let html = """
            <style>p { color: red; } /* </p> */</style><p>Visible</p>
            <SCRIPT type="text/javascript">if (a < b) { document.write("<p>x</p>"); }</SCRIPT >
            <p>After</p><script>never closed <p>gone</p>
            """
        #expect(texts(html) == ["Visible", "After"])
    }

    @Test func commentsAndDeclarationsAreDropped() {
        let html = "<!DOCTYPE html><?xml version=\"1.0\"?><p>a<!-- hidden <b>tag</b> -->b<!---->c<!-->d</p><!-- unterminated <p>x</p>"
        #expect(texts(html) == ["abcd"])
    }

    // MARK: Malformed markup

    @Test func unclosedParagraphsAndItemsAreClosedSensibly() {
        let html = "<div><p>One<li>Loose item<p>Two</div></span></p>Three<p>Four"
        #expect(HTMLText.blocks(from: html) == [
            paragraph("One"),
            item("•", 0, "Loose item\nTwo"),
            paragraph("Three"),
            paragraph("Four"),
        ])
    }

    @Test func tagTruncatedByEndOfInputIsDropped() {
        #expect(texts("<p>Hello <b>world</b><a href=\"x") == ["Hello world"])
        #expect(texts("<p>Hello</p><di") == ["Hello"])
        #expect(texts("<p>Hello</p></di") == ["Hello"])
        #expect(texts("<p class='a") == [])
    }

    @Test func attributeQuotingVariants() {
        let html = "<p class='a b' id=plain data-x=\"c>d\" hidden>Text</p><a href=u/v>w</a>"
        #expect(texts(html) == ["Text", "w (u/v)"])
    }

    @Test func unknownTagsAreIgnoredButTheirTextKept() {
        #expect(texts("<p><font color=red>Red</font> <custom-tag x=1>words</custom-tag><o:p></o:p></p>") == ["Red words"])
    }

    @Test func strayLessThanIsKeptAsText() {
        #expect(texts("<p>if a < b and c<=d then 3 <4 or x <</p>") == ["if a < b and c<=d then 3 <4 or x <"])
        #expect(texts("a < b") == ["a < b"])
        #expect(texts("<") == ["<"])
        #expect(texts("</ p> <>") == ["</ p> <>"])
    }

    @Test func controlCharactersNeverReachTheTerminal() {
        #expect(texts("<p>a\u{1B}[31mb\u{07}c\u{9B}2Jd</p>") == ["abcd"])
    }

    @Test(arguments: [
        ("<p>copy\u{1B}]52;c;ZXZpbA==\u{07}this</p>", "copythis"),
        ("<p>title\u{1B}]0;pwned\u{1B}\\ here</p>", "title here"),
        ("<p>keys\u{1B}P+q544e\u{1B}\\!</p>", "keys!"),
        ("<p>c1\u{9D}8;;https://evil\u{9C}link</p>", "c1link"),
        ("<pre>a\u{1B}[1;31mred\u{1B}[0m\nb</pre>", "ared\nb"),
        ("<p>broken\u{1B}[31\u{00E9}t\u{00E9}</p>", "brokenété"),
    ])
    func escapeSequencesLeaveNoParametersBehind(html: String, expected: String) {
        #expect(texts(html) == [expected])
    }

    // MARK: Links and images

    @Test func linkTargetsAreAppendedWhenTheyDifferFromTheText() {
        let html = """
            <p>See <a href="https://example.com/syllabus">the syllabus</a>,
            <a href="https://example.com">https://example.com</a>,
            <a href="https://www.example.org/">example.org</a> or
            <A HREF=mailto:prof@uni.edu>prof@uni.edu</A>.</p>
            """
        #expect(texts(html) == ["See the syllabus (https://example.com/syllabus), https://example.com, example.org or prof@uni.edu."])
    }

    @Test func anchorsWithoutUsefulTargetsShowOnlyTheirText() {
        #expect(texts("<a href=\"#top\">Back</a> <a name=\"x\">Named</a> <a href=\"javascript:void(0)\">JS</a>") == ["Back Named JS"])
    }

    @Test func emptyLinkShowsTheBareURL() {
        #expect(texts("<p>Video:<a href=\"https://v.io/1\"></a></p>") == ["Video: https://v.io/1"])
    }

    @Test func unclosedLinkGetsItsTargetAtTheEndOfTheBlock() {
        #expect(texts("<p>Go <a href=\"https://a.b\">here</p><p>Next</p>") == ["Go here (https://a.b)", "Next"])
    }

    @Test func linkWrappingABlockLabelsThatBlock() {
        #expect(texts("<a href=\"https://a.b/c\"><p>Click</p></a><p>Other</p>") == ["Click (https://a.b/c)", "Other"])
    }

    @Test func attributesWithBrokenQuotesNeverPrintMarkup() {
        #expect(texts("<p><a href=\"x<p>y\">link</a> <img alt=\"<b>pic\"></p>") == ["link [image]"])
    }

    @Test func imagesShowTheirAltText() {
        let html = "<p>Logo: <img src=\"l.png\" alt=\"University  logo\"> and <IMG SRC=x.png /> and <img alt=''></p><a href=\"https://x.y\"><img alt=\"Map\"></a>"
        #expect(texts(html) == ["Logo: [image: University logo] and [image] and [image]", "[image: Map] (https://x.y)"])
    }

    // MARK: Tables

    @Test func tableRowsBecomeParagraphsWithCellsJoined() {
        let html = """
            <table border="1">
              <thead><tr><th>Week</th><th>Topic</th></tr></thead>
              <tbody>
                <tr><td>1</td><td><p>Intro</p><p>Setup</p></td></tr>
                <tr><td>2<td>Loops <br> &amp; arrays</tr>
                <tr><td></td><td>Empty cell skipped</td></tr>
              </tbody>
            </table>
            <p>After table</p>
            """
        #expect(HTMLText.blocks(from: html) == [
            paragraph("Week | Topic"),
            paragraph("1 | Intro Setup"),
            paragraph("2 | Loops & arrays"),
            paragraph("Empty cell skipped"),
            paragraph("After table"),
        ])
    }

    @Test func rowFragmentsWithoutTableStillJoinCells() {
        #expect(texts("<tr><td>a<td>b</tr><tr><td>c</td></tr>") == ["a | b", "c"])
    }

    @Test func listsInsideCellsStayOnTheRow() {
        #expect(texts("<table><tr><td><ul><li>x</li><li>y</li></ul></td><td>z</td></tr></table>") == ["x y | z"])
    }

    // MARK: Preformatted text

    @Test func preKeepsSpacesAndLineBreaks() {
        let html = "<pre>\nfunc f() {\n    return  1 &lt; 2\n}\n\n</pre><p>after   text</p>"
        #expect(HTMLText.blocks(from: html) == [
            TextBlock(kind: .preformatted, text: "func f() {\n    return  1 < 2\n}"),
            paragraph("after text"),
        ])
    }

    @Test func preNormalisesLineEndingsAndTabsAndKeepsIndentation() {
        let blocks = HTMLText.blocks(from: "<pre>  a\r\n\tb\rc<br>d&nbsp;&nbsp;e</pre>")
        #expect(blocks == [TextBlock(kind: .preformatted, text: "  a\n        b\nc\nd  e")])
    }

    // MARK: Empty input

    @Test func emptyOrBlankInputGivesNoBlocks() {
        #expect(HTMLText.blocks(from: "").isEmpty)
        #expect(HTMLText.blocks(from: "  \n\t ").isEmpty)
        #expect(HTMLText.blocks(from: "<p></p><div> &nbsp; </div><ul><li> </li></ul><table><tr><td></td></tr></table>").isEmpty)
    }

    // MARK: Robustness

    /// Fragments that never spell "<" next to a letter once decoded, so any such pair in the output is a leaked tag.
    private static let fragments = [
        "<p>", "</p>", "<P class=\"x\">", "<div>", "</div>", "<ul>", "</ul>", "<ol start=\"2\">", "</ol>",
        "<li>", "</li>", "<br>", "<br/>", "<hr>", "<h2>", "</h2>", "<blockquote>", "</blockquote>",
        "<pre>", "</pre>", "<table>", "<tr>", "<td>", "</td>", "</tr>", "</table>", "<th>",
        "<a href=\"https://x.y/z\">", "<a href='u'>", "</a>", "<img alt=\"pic\">", "<img src=x>",
        "<span style=\"a:b\">", "</span>", "<B>", "</b>", "<!-- c -->", "<!--", "-->", "<script>", "</script>",
        "<style>", "</style>", "<!DOCTYPE html>", "<?xml?>", "text", "Lập trình", " ", "\n", "\t",
        "&amp;", "&nbsp;", "&#233;", "&#x1EA1;", "&bogus;", "&", "&#", ";", "a < b", "<3", "x <= y", "< ",
        ">", "\"", "'", "=", "<a href=\"unterminated", "<p class='unterminated", "\u{1B}", "/",
        "<iframe src=\"https://v.io/e\" title=\"T\">", "</iframe>", "<video src=v>", "</video>", "<source src=s>",
        "<object data=d>", "</object>", "<embed src=e>", "<audio>", "</audio>",
    ]

    private static let sample = """
        <h2>Course Syllabus</h2><p>Welcome to <strong>CS&nbsp;101</strong> &ndash; see
        <a href="https://canvas.example.edu/courses/1/files/2">the schedule</a>.</p>
        <ul><li>Homework <em>40%</em><ul><li>Weekly</li></ul></li><li>Exams 60%</li></ul>
        <ol start="3"><li>Read</li><li>Write</li></ol><table><tr><th>Week</th><th>Topic</th></tr>
        <tr><td>1</td><td>Intro &amp; setup</td></tr></table><pre>  code   here</pre>
        <!-- note --><blockquote>Quote</blockquote><hr><p>L&#7853;p tr&igrave;nh<br><img alt="logo"></p>
        """

    /// Whether `text` contains something a terminal user would see as markup: "<x", "</x", "<!" or "<?".
    private static func containsTag(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        for index in scalars.indices where scalars[index] == "<" && index + 1 < scalars.count {
            let next = scalars[index + 1]
            if next.properties.isAlphabetic && next.isASCII || next == "!" || next == "?" { return true }
            if next == "/", index + 2 < scalars.count, scalars[index + 2].isASCII,
               scalars[index + 2].properties.isAlphabetic { return true }
        }
        return false
    }

    private static func checkInvariants(_ blocks: [TextBlock], input: String) {
        for block in blocks {
            #expect(!containsTag(block.text), "tag leaked from \(input.debugDescription): \(block.text.debugDescription)")
            #expect(!block.text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || $0.value == 0x7F },
                    "control character from \(input.debugDescription)")
            if block.kind == .rule {
                #expect(block.text.isEmpty)
            } else {
                #expect(!block.text.isEmpty, "empty block from \(input.debugDescription)")
                #expect(block.text.last?.isWhitespace == false, "untrimmed block from \(input.debugDescription)")
            }
        }
    }

    @Test func containsTagDetectsMarkup() {
        #expect(Self.containsTag("a <b> c"))
        #expect(Self.containsTag("x</div"))
        #expect(!Self.containsTag("a < b <3 </ p"))
    }

    @Test func fuzzedFragmentSoupNeverLeaksTagsOrCrashes() {
        var generator = SeededGenerator(seed: 0x5EED)
        for _ in 0..<1500 {
            let count = Int.random(in: 1...40, using: &generator)
            let input = (0..<count).map { _ in Self.fragments.randomElement(using: &generator)! }.joined()
            Self.checkInvariants(HTMLText.blocks(from: input), input: input)
            let cut = String(input.unicodeScalars.prefix(Int.random(in: 0...input.unicodeScalars.count, using: &generator)))
            Self.checkInvariants(HTMLText.blocks(from: cut), input: cut)
        }
    }

    @Test func everyTruncationOfARealisticSyllabusIsClean() {
        let scalars = Array(Self.sample.unicodeScalars)
        for length in 0...scalars.count {
            let prefix = String(String.UnicodeScalarView(scalars[..<length]))
            Self.checkInvariants(HTMLText.blocks(from: prefix), input: prefix)
            let suffix = String(String.UnicodeScalarView(scalars[length...]))
            Self.checkInvariants(HTMLText.blocks(from: suffix), input: suffix)
        }
        #expect(HTMLText.blocks(from: Self.sample).count == 13)
    }

    @Test func randomScalarNoiseNeverCrashes() {
        let alphabet: [Unicode.Scalar] = ["<", ">", "/", "!", "-", "?", "&", "#", "x", ";", "=", "\"", "'", " ", "\n",
                                          "p", "l", "i", "a", "t", "d", "r", "1", "9", "é", "\u{0}"]
        var generator = SeededGenerator(seed: 42)
        for _ in 0..<2000 {
            let count = Int.random(in: 0...60, using: &generator)
            var view = String.UnicodeScalarView()
            for _ in 0..<count { view.append(alphabet.randomElement(using: &generator)!) }
            let input = String(view)
            for block in HTMLText.blocks(from: input) {
                #expect(block.kind == .rule || !block.text.isEmpty)
                #expect(!block.text.unicodeScalars.contains("\u{0}"))
            }
        }
    }

    @Test func oneMegabyteSyllabusIsConvertedWhole() {
        let chunk = Self.sample + "\n"
        let repeats = 1_048_576 / chunk.utf8.count + 1
        let large = String(repeating: chunk, count: repeats)
        let blocks = HTMLText.blocks(from: large)
        #expect(blocks.count == 13 * repeats)
    }

    @Test func hugeSingleBlockAndDeepNestingAreHandled() {
        let words = String(repeating: "word &amp; <b>bold</b> <a href=\"https://x.y\">link</a> ", count: 20_000)
        let deep = String(repeating: "<div><ul><li>x", count: 50_000)
        let flat = HTMLText.blocks(from: "<p>" + words + "</p>")
        let nested = HTMLText.blocks(from: deep)
        #expect(flat.count > 1 && flat.dropFirst().allSatisfy { $0.joinsPrevious == " " }, "one paragraph, in parts cut at spaces")
        #expect(flat.allSatisfy { $0.kind == .paragraph && $0.text.utf8.count <= HTMLText.BlockBuilder.longestBlock })
        #expect(flat.first?.text.hasPrefix("word & bold link (https://x.y) word") == true)
        #expect(nested.count == 50_000)
    }
}
