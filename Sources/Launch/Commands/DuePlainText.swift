import CourseBrowser
import CourseKit
import FoundationEssentials
import TerminalUI

#if canImport(Glibc)
import Glibc
#endif

/// The `due` command's text for people: the Due pane's groups and rows, each column as wide
/// as its widest cell, and nothing cut short.
enum DuePlainText {
    /// How the text is written: coloured as the pane is, or plain; which marks it uses.
    struct Style {
        /// Whether to colour with SGR sequences: only on a terminal, and never under `NO_COLOR`
        /// or on a terminal that says it can't.
        var colours: Bool
        /// Marks from Unicode (`✓`), or their ASCII stand-ins (`+`) where the locale isn't UTF-8.
        var unicode: Bool

        var glyphs: Glyphs { unicode ? .unicode : .ascii }

        static func allowsColour(_ environment: [String: String]) -> Bool {
            (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
        }

        /// The style for standard output: colours on a terminal that allows them, Unicode
        /// marks where the locale is UTF-8 (which it adopts).
        static func forStandardOutput(_ environment: [String: String]) -> Style {
            Style(colours: isatty(STDOUT_FILENO) != 0 && allowsColour(environment), unicode: UTF8Locale.adopt())
        }
    }

    /// The listing of `items` at `now`, or a line saying nothing is due in the next `days` days.
    static func text(_ items: [PlannerItem], days: Int, now: Date, style: Style) -> String {
        let lines = DueListing.lines(items, now: now, glyphs: style.glyphs).map { style.unicode ? $0 : ascii($0) }
        guard !lines.isEmpty else { return "Nothing due in the next \(days) day\(days == 1 ? "" : "s")." }
        let entries = lines.compactMap { line -> DueListing.Entry? in
            if case let .item(entry) = line { return entry }
            return nil
        }
        let widths = Widths(entries)
        return lines.map { line in
            switch line {
            case let .heading(text): return PlainText.paint(Sanitizer.clean(text), TerminalUI.Style(bold: true), style)
            case let .item(entry): return row(entry, widths: widths, style: style)
            }
        }.joined(separator: "\n")
    }

    /// `line` for a locale that can't write UTF-8, as the terminal UI draws it there: letters
    /// without their accents ("Lap trinh"), `?` for what has no ASCII spelling.
    private static func ascii(_ line: DueListing.Line) -> DueListing.Line {
        switch line {
        case let .heading(text):
            return .heading(ASCIIFallback.transliterate(text))
        case var .item(entry):
            entry.course = ASCIIFallback.transliterate(entry.course)
            entry.item.title = ASCIIFallback.transliterate(entry.item.title)
            return .item(entry)
        }
    }

    /// The widths of the padded columns, from every row's cells.
    private struct Widths {
        var when = 0, course = 0, title = 0, points = 0

        init(_ entries: [DueListing.Entry]) {
            for entry in entries {
                when = max(when, entry.when.displayWidth)
                course = max(course, PlainText.cell(entry.course).displayWidth)
                title = max(title, PlainText.cell(entry.item.title).displayWidth)
                points = max(points, (entry.points ?? "").displayWidth)
            }
        }
    }

    /// `  23:59  CS 201  Reading Response  10 pts  ❗ missing`, its trailing blanks trimmed.
    private static func row(_ entry: DueListing.Entry, widths: Widths, style: Style) -> String {
        var cells = [
            PlainText.paint(entry.when.padded(toWidth: widths.when), .muted, style),
            PlainText.paint(PlainText.cell(entry.course).padded(toWidth: widths.course), .accent, style),
            PlainText.cell(entry.item.title).padded(toWidth: widths.title),
            PlainText.paint((entry.points ?? "").padded(toWidth: widths.points), .muted, style),
        ]
        cells += [entry.kind.map { PlainText.paint(Sanitizer.clean($0), .muted, style) }, entry.state.map { PlainText.paint($0, entry.stateStyle, style) }].compactMap { $0 }
        var line = "  " + cells.joined(separator: "  ")
        while line.last == " " { line.removeLast() }
        return line
    }
}
