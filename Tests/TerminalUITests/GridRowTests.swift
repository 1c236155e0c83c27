import Testing
@testable import TerminalUI

/// The terminal flush passes over rows that match the last frame's; a row matches only
/// when every cell, text and style, is the same.
struct GridRowTests {
    @Test func aRowMatchesUntilAnyCellOfItChanges() {
        var before = Grid(width: 12, height: 3)
        before.put("Giải tích 1", x: 0, y: 1)
        var after = before
        #expect((0..<3).allSatisfy { after.rowMatches($0, in: before) })
        after.put("x", x: 11, y: 1)
        #expect(!after.rowMatches(1, in: before))
        #expect(after.rowMatches(0, in: before) && after.rowMatches(2, in: before))
        var restyled = before
        restyled.put("G", x: 0, y: 1, style: Style(bold: true))
        #expect(!restyled.rowMatches(1, in: before))
    }

    /// Cells drawn in two frames hold their text in separate buffers when it is too long to
    /// be stored inline (a cluster of many scalars); such rows still match, and still differ
    /// when one of those cells does.
    @Test func equalTextInSeparateBuffersMatches() {
        let family = "👩‍👩‍👧‍👦"
        func frame(_ text: String) -> Grid {
            var grid = Grid(width: 8, height: 2)
            // Made from bytes, so each frame's text is a buffer of its own, not the literal's.
            grid.put(String(decoding: Array(text.utf8), as: UTF8.self), x: 0, y: 0)
            return grid
        }
        let first = frame(family), second = frame(family)
        #expect(first[0, 0].text.utf8.count > 15)
        #expect(second.rowMatches(0, in: first))
        #expect(!frame("👩‍👩‍👧‍👧").rowMatches(0, in: first))
    }

    /// A long cluster is kept by index in its own grid: the same index in two grids may be
    /// two clusters, which must not match.
    @Test func longClustersAtTheSameIndexStillDifferByText() {
        var first = Grid(width: 8, height: 1)
        first.put("👩‍👩‍👧‍👦", x: 0, y: 0)
        var second = Grid(width: 8, height: 1)
        second.put("👩‍👩‍👧‍👧", x: 0, y: 0)
        #expect(!second.rowMatches(0, in: first))
        #expect(!second.cellMatches(x: 0, y: 0, in: first))
        #expect(second != first)
        var same = Grid(width: 8, height: 1)
        same.put("x", x: 7, y: 0)
        same.put("👩‍👩‍👧‍👦", x: 0, y: 0)
        first.put("x", x: 7, y: 0)
        #expect(same.rowMatches(0, in: first) && same == first)
    }

    @Test func cellsReadBackAsTheyWereWritten() {
        var grid = Grid(width: 12, height: 1)
        let written = ["a", "é", "e\u{301}", "ệ", "情", "", "🧪", "", "👩‍👩‍👧‍👦", "", "ơ\u{301}\u{323}", "~"]
        for (x, text) in written.enumerated() where !text.isEmpty {
            grid.set(Cell(text: text, style: Style(bold: x % 2 == 0)), x: x, y: 0)
        }
        for (x, text) in written.enumerated() where !text.isEmpty {
            #expect(grid[x, 0] == Cell(text: text, style: Style(bold: x % 2 == 0)), "cell \(x)")
        }
    }

    /// Rows are compared as bytes, which holds only if a cell has no padding whose bytes
    /// could differ between two equal cells, and if every style survives the packing.
    @Test func aStoredCellIsTwoWholeWordsAndKeepsEveryStyle() {
        #expect(MemoryLayout<StoredCell>.size == 16 && MemoryLayout<StoredCell>.stride == 16)
        let roles: [Style.Role?] = [nil, .accent, .error, .success, .warning, .muted]
        for bits in 0..<16 {
            for role in roles {
                let style = Style(bold: bits & 1 != 0, dim: bits & 2 != 0, reverse: bits & 4 != 0, underline: bits & 8 != 0, role: role)
                #expect(StoredCell(glyph: 0x41, style: style).style == style)
            }
        }
    }
}
