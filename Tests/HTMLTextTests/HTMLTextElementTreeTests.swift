import HTMLText
import Testing

/// `HTMLText.elementTree`: generated markup read by its classes, forgiving as a browser is.
struct HTMLTextElementTreeTests {
    @Test func elementsNestWithTheirAttributesAndWhereTheirContentLies() throws {
        let html = #"<div class="a b"><p id="x">One &amp; <b>two</b></p><br><img src="i.png"><span>three</span></div>tail"#
        let tree = HTMLText.elementTree(html)
        let div = try #require(tree.children.first)
        #expect(div.name == "div")
        #expect(div.hasClass("b") && !div.hasClass("a b"))
        #expect(div.children.map(\.name) == ["p", "br", "img", "span"], "void elements hold nothing")
        let p = div.children[0]
        #expect(p.attributes["id"] == "x")
        #expect(HTMLText.plainText(html, in: p.inner) == "One & two")
        #expect(HTMLText.plainText(html, leavingOut: div.outer) == "tail")
        #expect(tree.all { $0.name == "b" }.count == 1)
        #expect(tree.first { $0.name == "span" }.map { HTMLText.plainText(html, in: $0.inner) } == "three")
    }

    @Test func anEndTagClosesWhatWasOpenedInsideAndAStrayOneIsIgnored() throws {
        let html = "<table><tr><td>a<td>b</tr></span></table><p>after"
        let tree = HTMLText.elementTree(html)
        #expect(tree.children.map(\.name) == ["table", "p"])
        let row = try #require(tree.first { $0.name == "tr" })
        #expect(row.all { $0.name == "td" }.count == 2)
        let p = try #require(tree.children.last)
        #expect(HTMLText.plainText(html, in: p.inner) == "after", "the end of the input closes it")
    }
}
