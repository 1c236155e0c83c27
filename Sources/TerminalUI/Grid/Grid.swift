import Glibc

/// An in-memory screen: panes draw into it, tests read its lines, the terminal backend flushes it.
public struct Grid: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public let glyphs: Glyphs
    /// Whether text goes through ``ASCIIFallback`` before it is drawn; read on every `put`,
    /// so it is worked out once rather than comparing glyph sets each time.
    let usesASCIIFallback: Bool
    private var cells: [Cell]
    /// Web addresses laid over runs of cells, for terminals that show hyperlinks.
    public private(set) var links: [Link] = []

    /// A web address over `width` cells from (`x`, `y`).
    public struct Link: Equatable, Sendable {
        public var x: Int
        public var y: Int
        public var width: Int
        public var url: String
    }

    public init(width: Int, height: Int, glyphs: Glyphs = .unicode) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.glyphs = glyphs
        usesASCIIFallback = glyphs == .ascii
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    public subscript(x: Int, y: Int) -> Cell {
        cells[y * width + x]
    }

    /// Whether row `y` holds the same cells as that row of `other`, a grid of the same size.
    func rowMatches(_ y: Int, in other: Grid) -> Bool {
        let row = (y * width)..<((y + 1) * width)
        return Self.sameBytes(cells[row], other.cells[row]) || cells[row] == other.cells[row]
    }

    /// Whether two runs of cells are the same bytes, which makes them equal cells.
    ///
    /// Unequal bytes may still be equal cells (the same text in another buffer), so a miss
    /// is settled by comparing the cells.
    private static func sameBytes(_ lhs: ArraySlice<Cell>, _ rhs: ArraySlice<Cell>) -> Bool {
        lhs.withUnsafeBytes { left in
            rhs.withUnsafeBytes { right in
                guard left.count == right.count, let a = left.baseAddress, let b = right.baseAddress else { return false }
                return memcmp(a, b, left.count) == 0
            }
        }
    }

    /// Draws `text` from data at (`x`, `y`), sanitized and cut with an ellipsis to fit `maxWidth` columns.
    ///
    /// Returns the number of columns written.
    @discardableResult
    public mutating func put(_ text: String, x: Int, y: Int, maxWidth: Int? = nil, style: Style = .plain) -> Int {
        guard y >= 0, y < height, x >= 0, x < width else { return 0 }
        let room = min(maxWidth ?? width - x, width - x)
        guard room > 0 else { return 0 }
        if text.isPrintableASCII { return putPrintableASCII(text, x: x, y: y, room: room, style: style) }
        // Nothing past a few scalars per column can show, so longer text is cut before it is measured.
        let clean = Sanitizer.clean(Sanitizer.cut(text, limit: room * 8 + 64))
        let drawable = usesASCIIFallback ? ASCIIFallback.transliterate(clean) : clean
        return drawFitted(drawable.truncated(toWidth: room, ellipsis: glyphs.ellipsis), x: x, y: y, style: style)
    }

    /// Draws `fitted`, already clean and cut to its room, a cell per column from (`x`, `y`):
    /// zero-width clusters are skipped and a wide one also takes the cell after it.
    ///
    /// Returns the number of columns written.
    mutating func drawFitted(_ fitted: String, x: Int, y: Int, style: Style) -> Int {
        var column = x
        for character in fitted {
            let columns = ScalarWidthTable.width(of: character)
            guard columns > 0 else { continue }
            set(Cell(text: String(character), style: style), x: column, y: y)
            if columns == 2 {
                set(Cell(text: "", style: style), x: column + 1, y: y)
            }
            column += columns
        }
        return column - x
    }

    /// Makes the `width` cells from (`x`, `y`) a hyperlink to `url` where the terminal shows
    /// them (OSC 8); an address with anything but printable ASCII is never sent.
    public mutating func link(_ url: String, x: Int, y: Int, width: Int) {
        guard y >= 0, y < height, x >= 0, x < self.width, width > 0, !url.isEmpty,
              url.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else { return }
        links.append(Link(x: x, y: y, width: min(width, self.width - x), url: url))
    }

    /// Paints every cell of `rect` with `style`, keeping the text.
    public mutating func setStyle(_ style: Style, in rect: Rect) {
        forEachCell(in: rect) { $0.style = style }
    }

    /// Blanks every cell of `rect`, painting it with `style`; links under it go too.
    public mutating func clear(_ rect: Rect, style: Style = .plain) {
        forEachCell(in: rect) { $0 = Cell(text: " ", style: style) }
        links.removeAll { link in
            link.y >= rect.y && link.y < rect.maxY && link.x < rect.maxX && link.x + link.width > rect.x
        }
    }

    /// The text of each row, with wide clusters once and trailing spaces removed.
    public var lines: [String] {
        (0..<height).map { line($0) }
    }

    /// The text of row `y` with trailing spaces removed.
    public func line(_ y: Int) -> String {
        var text = ""
        for x in 0..<width {
            text += self[x, y].text
        }
        while text.last == " " {
            text.removeLast()
        }
        return text
    }

    private mutating func forEachCell(in rect: Rect, _ body: (inout Cell) -> Void) {
        let xs = max(0, rect.x)..<min(width, rect.maxX)
        let ys = max(0, rect.y)..<min(height, rect.maxY)
        guard !xs.isEmpty, !ys.isEmpty else { return }
        for y in ys {
            for x in xs {
                body(&cells[y * width + x])
            }
        }
    }

    /// Stores `count` one-column cells from (`x`, `y`) rightwards, `cell(i)` the `i`th,
    /// leaving the grid as calling ``set(_:x:y:)`` for each in turn would.
    ///
    /// Going left to right, each `set` blanks a continuation to its right that the next one
    /// then overwrites, so only the two ends of the run can leave half a wide cluster to blank.
    mutating func setRun(x: Int, y: Int, count: Int, _ cell: (Int) -> Cell) {
        guard y >= 0, y < height, x >= 0, x < width else { return }
        let end = min(x + max(0, count), width)
        guard x < end else { return }
        let row = y * width
        if cells[row + x].isContinuation, x > 0 {
            cells[row + x - 1].text = " "
        }
        for column in x..<end {
            cells[row + column] = cell(column - x)
        }
        if end < width, cells[row + end].isContinuation {
            cells[row + end].text = " "
        }
    }

    /// Stores a cell, blanking the other half of any wide cluster it overwrites.
    mutating func set(_ cell: Cell, x: Int, y: Int) {
        guard x >= 0, x < width, y >= 0, y < height else { return }
        let index = y * width + x
        if cells[index].isContinuation, !cell.isContinuation, x > 0 {
            cells[index - 1].text = " "
        }
        if x + 1 < width, cells[index + 1].isContinuation {
            cells[index + 1].text = " "
        }
        cells[index] = cell
    }
}
