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
}
