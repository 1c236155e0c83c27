/// One capture of a tmux pane, as plain text and as a grid of terminal cells.
struct Screen: CustomStringConvertible {
    /// The capture exactly as `tmux capture-pane -p` printed it.
    let text: String
    /// One string per column; the column after a wide character holds "".
    private let cells: [[String]]

    init(_ text: String, width: Int) {
        self.text = text
        cells = text.split(separator: "\n", omittingEmptySubsequences: false).map { Self.cells(of: $0, width: width) }
    }

    /// The screen's rows without trailing blanks.
    var lines: [String] {
        cells.map { $0.joined().trimmingTrailingSpaces() }
    }

    /// The last row that isn't blank, e.g. the shell prompt once the app has exited.
    var lastNonBlankLine: String {
        lines.last { !$0.isEmpty } ?? ""
    }

    /// Whether `fragment` is anywhere on screen, within one row.
    func contains(_ fragment: String) -> Bool {
        text.contains(fragment)
    }

    /// Every box the screen shows (corners `┌`/`┏` with a title in the top border), top to bottom.
    var boxes: [Box] {
        var boxes: [Box] = []
        for y in cells.indices {
            for x in cells[y].indices where Box.Border.topLeft.contains(cells[y][x]) {
                if let box = box(atCornerX: x, y: y) {
                    boxes.append(box)
                }
            }
        }
        return boxes
    }

    /// The box whose title is exactly `title` (so "Course" never matches "Courses · 48").
    func box(_ title: String) -> Box? {
        boxes.first { $0.title == title }
    }

    /// The screen in ASCII (see `ASCIIScreen`), framed by rules, for failure messages.
    var description: String {
        let rule = String(repeating: "-", count: cells.first?.count ?? 40)
        let rows = cells.map { ASCIIScreen.render($0[...]) }
        return "\n\(ASCIIScreen.legend)\n\(rule)\n\(rows.joined(separator: "\n"))\n\(rule)"
    }

    private func cell(_ x: Int, _ y: Int) -> String {
        cells.indices.contains(y) && cells[y].indices.contains(x) ? cells[y][x] : " "
    }

    /// Reads the box whose top-left corner is at (`x`, `y`), or nil when the lines don't close.
    private func box(atCornerX x: Int, y: Int) -> Box? {
        let focused = cell(x, y) == "┏"
        let border = focused ? Box.Border.heavy : Box.Border.light
        guard cell(x + 1, y) == border.horizontal, cell(x + 2, y) == " " else { return nil }
        guard let right = (x + 1..<cells[y].count).first(where: { cell($0, y) == border.topRight }) else { return nil }
        var bottom = y + 1
        while cell(x, bottom) == border.vertical {
            bottom += 1
        }
        guard cell(x, bottom) == border.bottomLeft, cell(right, bottom) == border.bottomRight else { return nil }
        let top = cells[y][(x + 2)..<right].joined()
        let title = top.components(separatedBy: " \(border.horizontal)").first?.trimmingSpaces() ?? ""
        let rows = (y + 1..<bottom).map { row in (x + 1..<right).map { cell($0, row) } }
        return Box(
            title: title,
            isFocused: focused,
            lines: rows.map { $0.joined().trimmingTrailingSpaces() },
            asciiLines: rows.map { ASCIIScreen.render($0[...]) }
        )
    }

    /// Splits a captured row into cells, giving each wide character a second, empty cell.
    private static func cells(of line: Substring, width: Int) -> [String] {
        let scalars = Array(line.unicodeScalars)
        let widths = TerminalWidth.widths(of: scalars)
        var row: [String] = []
        for (scalar, scalarWidth) in zip(scalars, widths) {
            if scalarWidth == 0, !row.isEmpty {
                let last = row.lastIndex { !$0.isEmpty } ?? row.count - 1
                row[last].unicodeScalars.append(scalar)
                continue
            }
            row.append(String(scalar))
            if scalarWidth == 2 {
                row.append("")
            }
        }
        return row + Array(repeating: " ", count: max(0, width - row.count))
    }
}

/// A titled box on screen: a pane, or the help overlay.
struct Box: CustomStringConvertible {
    /// The line-drawing characters of a focused (heavy) or unfocused (light) box.
    struct Border {
        var horizontal, vertical, topRight, bottomLeft, bottomRight: String

        static let light = Border(horizontal: "─", vertical: "│", topRight: "┐", bottomLeft: "└", bottomRight: "┘")
        static let heavy = Border(horizontal: "━", vertical: "┃", topRight: "┓", bottomLeft: "┗", bottomRight: "┛")
        static let topLeft: Set<String> = ["┌", "┏"]
    }

    /// The text in the top border, e.g. "Courses · 48".
    var title: String
    /// Drawn with heavy lines, the way the app marks the pane that has focus.
    var isFocused: Bool
    /// The rows inside the border, without trailing blanks.
    var lines: [String]
    /// The same rows in ASCII, for failure messages.
    var asciiLines: [String]

    /// All rows joined with single spaces, so text the app wrapped reads as one line again.
    var text: String {
        lines.map { $0.trimmingSpaces() }.filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// Whether `fragment` is in the box, ignoring where the app wrapped lines (and so all whitespace).
    func containsIgnoringWrapping(_ fragment: String) -> Bool {
        text.withoutWhitespace.contains(fragment.withoutWhitespace)
    }

    /// Whether `fragment` is in one of the box's rows.
    func contains(_ fragment: String) -> Bool {
        lines.contains { $0.contains(fragment) }
    }

    /// The box in ASCII (see `ASCIIScreen`), for failure messages.
    var description: String {
        let heading = "box '\(ASCIIScreen.render(title.map(String.init)[...]))'\(isFocused ? " (focused)" : "")"
        return "\(heading):\n" + asciiLines.joined(separator: "\n")
    }
}

extension String {
    /// The string without the spaces at its end.
    func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.last == " " {
            copy.removeLast()
        }
        return copy
    }

    /// The string without the spaces at either end.
    func trimmingSpaces() -> String {
        String(trimmingTrailingSpaces().drop { $0 == " " })
    }

    /// The string with every whitespace character (spaces, line breaks…) removed.
    var withoutWhitespace: String {
        String(unicodeScalars.filter { !$0.properties.isWhitespace }.map(Character.init))
    }
}
