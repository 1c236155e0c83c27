import Testing
import TerminalUI

struct ListViewTests {
    @Test func theWindowMovesJustEnoughToShowTheSelection() {
        var list = ListView()
        list.layout(height: 5, count: 50, selected: 7)
        #expect(list.visibleRange(count: 50) == 3..<8)
        list.layout(height: 5, count: 50, selected: 5)
        #expect(list.visibleRange(count: 50) == 3..<8, "a row already on screen does not move the window")
        list.layout(height: 5, count: 50, selected: 1)
        #expect(list.visibleRange(count: 50) == 1..<6)
    }

    @Test func contextRowsAboveTheSelectionComeIntoViewWhenThereIsRoom() {
        var list = ListView()
        list.layout(height: 5, count: 50, selected: 20)
        list.layout(height: 5, count: 50, selected: 10, context: 1)
        #expect(list.visibleRange(count: 50).first == 9)
    }

    @Test func aShorterListOrATallerWindowPullsTheWindowBack() {
        var list = ListView()
        list.layout(height: 5, count: 50, selected: 49)
        #expect(list.visibleRange(count: 50) == 45..<50)
        list.layout(height: 20, count: 50, selected: 49)
        #expect(list.visibleRange(count: 50) == 30..<50)
        list.layout(height: 20, count: 8, selected: nil)
        #expect(list.visibleRange(count: 8) == 0..<8)
    }

    @Test func drawsOnlyTheRowsOnScreenEachInItsOwnLine() {
        var list = ListView()
        list.layout(height: 3, count: 10, selected: 4)
        var grid = Grid(width: 6, height: 3)
        list.draw(count: 10, in: grid.bounds, into: &grid) { index, line, grid in
            grid.put("row \(index)", x: line.x, y: line.y)
        }
        #expect(grid.lines == ["row 2", "row 3", "row 4"])
        #expect(list.position(of: 4, count: 10) == "5 of 10")
        #expect(list.position(of: 2, count: 3, rows: 12) == "3 of 3", "headings don't count, but they take rows")
        #expect(list.position(of: 1, count: 3) == nil, "no position when every row fits")
    }

    @Test(arguments: [
        (Key.down, 3, 4), (.character("k"), 3, 2), (.pageDown, 3, 8), (.pageUp, 3, 0),
        (.end, 3, 9), (.character("g"), 3, 0), (.up, 0, 0), (.down, 9, 9),
    ])
    func motionKeysMoveTheSelectionWithinTheList(key: Key, from: Int, to: Int) {
        #expect(ListMotion.target(of: key, from: from, count: 10, page: 5) == to)
    }

    @Test func otherKeysAreNotMotion() {
        #expect(ListMotion.target(of: .enter, from: 0, count: 10, page: 5) == nil)
    }
}
