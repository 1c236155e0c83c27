import CourseKit
import Foundation
@testable import Launch
import Testing

/// What `due` prints: the pane's groups as aligned text, coloured only when asked, and JSON
/// with its documented fields.
@Suite struct DueListingOutputTests {
    static let now = Date(timeIntervalSince1970: 1_796_000_000)

    static let items = [
        PlannerItem(
            id: "assignment:1", kind: .assignment, title: "Essay", courseID: CourseID("7"), courseCode: "CS 201",
            date: now.addingTimeInterval(-2 * 86_400), pointsPossible: 10, status: PlannerItem.Status(), htmlURL: URL(string: "https://school.example/a/1")
        ),
        PlannerItem(
            id: "quiz:2", kind: .quiz, title: "Quiz\u{1B}[31m 1\nagain", courseID: CourseID("8"), courseCode: "MATH 221",
            date: now.addingTimeInterval(6 * 86_400), pointsPossible: 7.25, status: PlannerItem.Status(isSubmitted: true, isLate: true)
        ),
        PlannerItem(id: "planner_note:3", kind: .plannerNote, title: "Buy goggles", date: now.addingTimeInterval(9 * 86_400), isAllDay: true),
    ]

    static func plain(colours: Bool, unicode: Bool = true) -> String {
        DuePlainText.text(items, days: 28, now: now, style: DuePlainText.Style(colours: colours, unicode: unicode))
    }

    @Test func plainTextIsGroupedAlignedAndFreeOfEscapeCodes() {
        let lines = Self.plain(colours: false).split(separator: "\n").map(String.init)
        #expect(lines.first == "Missing")
        #expect(lines.count == 6, "three headings, three rows: \(lines)")
        #expect(lines[1].hasPrefix("  ") && lines[1].contains("CS 201") && lines[1].hasSuffix("Essay         10 pts    ❗ missing"), "\(lines[1])")
        #expect(lines[3].contains("Quiz 1 again"), "an escape sequence is taken out, a line break made a space: \(lines[3])")
        #expect(lines[3].hasSuffix("7.25 pts  quiz  ✓ late"), "\(lines[3])")
        #expect(lines[5].contains("all day") && lines[5].contains("—") && lines[5].hasSuffix("note"), "\(lines[5])")
        #expect(!lines.joined().contains("\u{1B}"))
        let essay = lines[1].prefix { $0 != "E" }.count
        #expect(lines[3].prefix { $0 != "Q" }.count == essay && lines[5].prefix { $0 != "B" }.count == essay, "titles line up: \(lines)")
    }

    @Test func coloursAreTheOnesThePaneUsesAndOnlyWhenAsked() {
        let coloured = Self.plain(colours: true)
        #expect(coloured.contains("\u{1B}[1mMissing\u{1B}[0m"), "headings bold")
        #expect(coloured.contains("\u{1B}[1;31m❗ missing\u{1B}[0m"), "missing in red, as the pane draws it")
        #expect(coloured.contains("\u{1B}[33m✓ late\u{1B}[0m"), "handed in late in yellow")
        #expect(Self.plain(colours: false) == coloured.replacing(/\x1B\[[0-9;]*m/, with: ""), "the same text without them")
    }

    @Test func asciiGlyphsWhereTheLocaleIsNotUTF8() {
        let text = Self.plain(colours: false, unicode: false)
        #expect(text.contains("! missing") && text.contains("+ late"))
    }

    @Test func namesLoseTheirAccentsWhereTheLocaleIsNotUTF8() {
        let item = PlannerItem(
            id: "assignment:4", kind: .assignment, title: "Bài tập 1 · 日本", courseID: CourseID("9"), courseCode: "Lập trình",
            date: Self.now.addingTimeInterval(86_400), pointsPossible: 5, status: PlannerItem.Status()
        )
        let style = DuePlainText.Style(colours: false, unicode: false)
        let text = DuePlainText.text([item], days: 28, now: Self.now, style: style)
        #expect(text.contains("Lap trinh") && text.contains("Bai tap 1 - ??"), "\(text)")
        #expect(text.unicodeScalars.allSatisfy { $0.isASCII }, "\(text)")
    }

    @Test func nothingDueSaysSo() {
        let style = DuePlainText.Style(colours: false, unicode: true)
        #expect(DuePlainText.text([], days: 7, now: Self.now, style: style) == "Nothing due in the next 7 days.")
        #expect(DuePlainText.text([], days: 1, now: Self.now, style: style) == "Nothing due in the next 1 day.")
    }

    @Test func colourIsLeftOffUnderNoColorAndOnADumbTerminal() {
        #expect(DuePlainText.Style.allowsColour(["TERM": "xterm-256color"]))
        #expect(!DuePlainText.Style.allowsColour(["NO_COLOR": "1", "TERM": "xterm"]))
        #expect(!DuePlainText.Style.allowsColour(["TERM": "dumb"]))
    }

    @Test func jsonHasTheDocumentedFieldsInTheListsOrder() throws {
        let parsed = try JSONSerialization.jsonObject(with: Data(DueJSON.text(Self.items, now: Self.now).utf8))
        let objects = try #require(parsed as? [[String: Any]])
        #expect(objects.compactMap { $0["id"] as? String } == ["assignment:1", "quiz:2", "planner_note:3"])
        let essay = objects[0]
        #expect(essay["state"] as? String == "missing")
        #expect(essay["kind"] as? String == "assignment")
        #expect(essay["course_id"] as? String == "7" && essay["course_code"] as? String == "CS 201")
        #expect(essay["due_at"] as? String == "2026-11-28T00:53:20Z")
        #expect(essay["points_possible"] as? Int == 10 && essay["all_day"] as? Bool == false)
        #expect(essay["url"] as? String == "https://school.example/a/1")
        #expect(objects[1]["state"] as? String == "submitted_late")
        #expect(objects[1]["points_possible"] as? Double == 7.25)
        #expect(objects[1]["kind"] as? String == "quiz")
        let note = objects[2]
        #expect(note["kind"] as? String == "planner_note" && note["all_day"] as? Bool == true)
        #expect(note["state"] is NSNull && note["course_id"] is NSNull && note["points_possible"] is NSNull && note["url"] is NSNull)
        #expect(!DueJSON.text(Self.items, now: Self.now).contains("\u{1B}"), "the escape in a title is written \\u001B")
    }

    /// A C1 control (CSI, U+009B, which some terminals act on like ESC [) and the marks that turn
    /// text around (U+202E, U+2067, U+200F) reach a terminal only escaped; a JSON reader gets them back.
    @Test func jsonWritesC1ControlsAndDirectionMarksEscaped() throws {
        let title = "Lab\u{9B}31m 2 \u{202E}fdp.exe\u{2067} \u{200F}done"
        let item = PlannerItem(id: "assignment:4", kind: .assignment, title: title, date: Self.now, status: PlannerItem.Status())
        let text = DueJSON.text([item], now: Self.now)
        for scalar in ["\u{9B}", "\u{202E}", "\u{2067}", "\u{200F}"] {
            #expect(!text.contains(scalar), "\(scalar.unicodeScalars.first.map { String($0.value, radix: 16) } ?? "") is written escaped")
        }
        #expect(text.contains(#"Lab\u009B31m 2 \u202Efdp.exe\u2067 \u200Fdone"#))
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(parsed.first?["title"] as? String == title, "the same title to a JSON reader")
    }

    @Test func numbersAreWrittenWholeOrAsTheyAre() {
        #expect(PrettyJSON.text(.array([.number(10), .number(7.25), .number(-0.0), .number(.nan), .number(1e20)])) == "[\n  10,\n  7.25,\n  0,\n  null,\n  1e+20\n]")
    }
}
