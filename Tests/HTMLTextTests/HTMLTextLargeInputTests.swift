import Testing
@testable import HTMLText

/// Large inputs of the shapes that once made conversion slow must give the same text as small ones.
@Suite struct HTMLTextLargeInputTests {
    private func texts(_ html: String) -> [String] { HTMLText.blocks(from: html).map(\.text) }

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

    // MARK: Preformatted text

    @Test func longPreformattedTextExpandsEveryTab() {
        let text = texts("<pre>" + String(repeating: "a\tb\r\n", count: 30_000) + "</pre>")
        #expect(text == [Array(repeating: "a       b", count: 30_000).joined(separator: "\n")])
    }
}
