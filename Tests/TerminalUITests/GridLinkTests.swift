import Testing
import TerminalUI

struct GridLinkTests {
    @Test func aLinkIsKeptInsideTheGridAndClearingTakesItAway() {
        var grid = Grid(width: 10, height: 2)
        grid.link("https://a.example", x: 6, y: 0, width: 20)
        #expect(grid.links.map { [$0.x, $0.y, $0.width] } == [[6, 0, 4]], "cut at the right edge")
        grid.link("https://b.example", x: 10, y: 1, width: 3)
        grid.link("https://c.example", x: 12, y: 1, width: 3)
        #expect(grid.links.count == 1, "one starting at or past the edge is dropped, never a negative width")
        grid.link("https://a.example/\u{1B}]", x: 0, y: 1, width: 3)
        #expect(grid.links.count == 1, "an address with a control in it is never sent")
        grid.clear(Rect(x: 0, y: 0, width: 7, height: 1))
        #expect(grid.links.isEmpty)
    }
}
