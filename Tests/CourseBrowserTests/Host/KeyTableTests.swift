import Foundation
import Testing
@testable import CourseBrowser
import TerminalUI

struct KeyTableTests {
    /// README's "Keys" table, row by row as written.
    func readmeRows() throws -> [String] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = readme.components(separatedBy: "\n## Keys\n").dropFirst().first ?? ""
        let table = section.split(separator: "\n", omittingEmptySubsequences: false)
            .drop { !$0.hasPrefix("|") }
            .prefix { $0.hasPrefix("|") }
        return table.dropFirst(2).map(String.init)
    }

    /// A row as README writes it: each key in backticks, alternatives joined by "or".
    func markdown(_ row: KeyTable.Row) -> String {
        let keys = row.keys.map { $0.map { "`\($0)`" }.joined(separator: " ") }.joined(separator: " or ")
        return "| \(keys) | \(row.does) |"
    }

    @Test func readmesKeyTableSaysWhatTheHelpSays() throws {
        let rows = try readmeRows()
        #expect(!rows.isEmpty, "README has a Keys table")
        #expect(rows == KeyTable.rows.map(markdown))
    }

    @Test func theHelpOverlayListsEveryRow() {
        var grid = Grid(width: 100, height: 30)
        HelpOverlay.draw(into: &grid, in: grid.bounds)
        let screen = grid.lines.joined(separator: "\n")
        for row in KeyTable.rows {
            #expect(screen.contains(row.label), "\(row.label) is listed")
        }
        #expect(screen.contains("in Courses: the next view, Current → Favorites → All"))
    }

    @Test func aLongRowWrapsInsideTheOverlay() {
        var grid = Grid(width: 60, height: 44)
        HelpOverlay.draw(into: &grid, in: grid.bounds)
        #expect(grid.lines.contains { $0.contains("(asks first)") }, "the end of the longest row is on screen")
        #expect(grid.lines.allSatisfy { $0.displayWidth <= 60 })
    }

    @Test func dashDashHelpListsTheSameRows() {
        let section = KeyTable.helpSection.split(separator: "\n").map(String.init)
        #expect(section.first == "KEYS:")
        #expect(section.count > KeyTable.rows.count)
        #expect(section[1].hasPrefix("  ↑ ↓  j k") && section[1].hasSuffix("move in a list, scroll the course"))
        #expect(section.allSatisfy { $0.displayWidth <= 79 })
        for row in KeyTable.rows {
            #expect(section.contains { $0.hasPrefix("  " + row.label + " ") }, "\(row.label) is listed")
        }
    }
}

struct HelpOverlaySizeTests {
    @Test func rowsWrapWhenThereIsRoom() {
        let lines = HelpOverlay.lines(textWidth: 40, room: 40, glyphs: .unicode)
        #expect(lines.count > KeyTable.rows.count)
        #expect(lines.filter { !$0.label.isEmpty }.map(\.label) == KeyTable.rows.map(\.label))
    }

    @Test func aShortWindowGetsOneCutLinePerRowSoEveryKeyIsSeen() {
        let lines = HelpOverlay.lines(textWidth: 40, room: KeyTable.rows.count, glyphs: .unicode)
        #expect(lines.map(\.label) == KeyTable.rows.map(\.label))
        #expect(lines.contains { $0.text.hasSuffix("…") })
    }

    @Test func aTinyWindowSaysHowManyRowsItLeftOut() {
        let lines = HelpOverlay.lines(textWidth: 40, room: 5, glyphs: .unicode)
        #expect(lines.count == 5)
        #expect(lines.last == HelpOverlay.Line(label: "", text: "\(KeyTable.rows.count - 4) more in a taller window", isNote: true))
    }
}
