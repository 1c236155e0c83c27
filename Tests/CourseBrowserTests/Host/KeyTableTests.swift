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

    /// README's rows for `table`: where the keys work, each key in backticks, alternatives joined by "or".
    func markdown(_ groups: [KeyTable.Group]) -> [String] {
        groups.flatMap { group in
            group.rows.map { row in
                let keys = row.keys.map { $0.map { "`\($0)`" }.joined(separator: " ") }.joined(separator: " or ")
                return "| \(group.title) | \(keys) | \(row.does) |"
            }
        }
    }

    @Test func readmesKeyTableSaysWhatTheHelpSays() throws {
        let rows = try readmeRows()
        #expect(!rows.isEmpty, "README has a Keys table")
        #expect(rows == markdown(KeyTable.groups))
    }

    @Test func everyPaneAndTheShellAreListedOnceInFocusOrder() {
        #expect(KeyTable.groups.map(\.title) == [
            "Courses", "Due", "Course", "Queue",
            "Finding courses (/)", "The help (?)", "Finding in the help (/)", "A what-if score (w)", "A letter to reach (t)",
            "Choosing an assignment (s)", "Handing in as (s)", "Typing a link (l)", "Before a text or link is handed in",
            "Typing files (s, u)", "Before a hand-in", "Before a reply", "Everywhere",
        ])
        #expect(KeyTable.rows.count == KeyTable.groups.map(\.rows.count).reduce(0, +))
        // A prompt's Esc cancels in each prompt alike; within a group no row comes twice.
        for group in KeyTable.groups {
            let rows = group.rows.map { "\($0.label) \($0.does)" }
            #expect(Set(rows).count == rows.count, "no row twice in \(group.title)")
        }
        #expect(Set(KeyTable.groups.map(\.title)).count == KeyTable.groups.count)
        #expect(KeyTable.rows.contains { $0.label == "PgUp PgDn  Space" }, "Space pages the course down")
        #expect(KeyTable.rows.contains { $0.label == "d  Delete" }, "Delete removes an upload as d does")
    }

    @Test func dashDashHelpListsTheSameRowsUnderTheirPanes() {
        let section = KeyTable.helpSection.split(separator: "\n").map(String.init)
        #expect(section.first == "KEYS:")
        #expect(section[1] == "  Courses:")
        #expect(section[2].hasPrefix("    ↑ ↓  j k") && section[2].hasSuffix("move in the courses"))
        #expect(section.allSatisfy { $0.displayWidth <= 79 })
        for row in KeyTable.rows {
            #expect(section.contains { $0.hasPrefix("    " + row.label + " ") }, "\(row.label) is listed")
        }
    }
}
