import Testing
@testable import TerminalUI

/// A patch keeps a rectangle's cells and links, long clusters included, to be put back in
/// another frame exactly as they were.
struct GridPatchTests {
    @Test func aPatchPutBackInAFreshGridShowsTheSameCellsAndLinks() {
        var first = Grid(width: 20, height: 4)
        first.put("left", x: 0, y: 0)
        first.put("Lập trình 👩‍👩‍👧‍👦 情報", x: 5, y: 1, style: .bold)
        first.link("https://school.example/courses/1", x: 5, y: 2, width: 6)
        first.put("course", x: 5, y: 2)
        let patch = first.patch(Rect(x: 5, y: 1, width: 15, height: 2))

        var second = Grid(width: 20, height: 4)
        second.put("👩‍👩‍👧‍👧 other", x: 0, y: 3)
        second.put("xxxxxxxxxxxxxxxxxxxx", x: 0, y: 1)
        second.paste(patch)
        for y in 1...2 {
            for x in 5..<20 {
                #expect(second[x, y] == first[x, y], "cell \(x), \(y)")
            }
        }
        #expect(second[0, 1].text == "x", "outside the patch nothing changed")
        #expect(second.line(3) == "👩‍👩‍👧‍👧 other", "the grid's own long clusters keep their text")
        #expect(second.links == first.links)
    }

    @Test func aPatchOffTheGridIsCutToItAndOneThatDoesntFitIsLeftOut() {
        var grid = Grid(width: 10, height: 2)
        grid.put("0123456789", x: 0, y: 0)
        let patch = grid.patch(Rect(x: 8, y: 0, width: 5, height: 5))
        #expect(patch.rect == Rect(x: 8, y: 0, width: 2, height: 2))
        var small = Grid(width: 5, height: 2)
        small.paste(patch)
        #expect(small.lines == ["", ""])
    }
}
