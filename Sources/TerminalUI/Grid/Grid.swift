import Glibc

/// An in-memory screen: panes draw into it, tests read its lines, the terminal backend flushes it.
public struct Grid: Sendable {
    public let width: Int
    public let height: Int
    public let glyphs: Glyphs
    /// Whether text goes through ``ASCIIFallback`` before it is drawn; read on every `put`,
    /// so it is worked out once rather than comparing glyph sets each time.
    let usesASCIIFallback: Bool
    private var cells: [StoredCell]
    /// The clusters too long for a cell's bits, which refer to them by index.
    private var clusters: [String] = []
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

    private func cell(_ stored: StoredCell) -> Cell {
        Cell(text: text(of: stored.glyph), style: stored.style)
    }

    func text(of glyph: UInt64) -> String {
        glyph & StoredCell.overflow != 0 ? clusters[Int(glyph & ~StoredCell.overflow)] : StoredCell.text(ofInline: glyph)
    }

    private mutating func stored(_ cell: Cell) -> StoredCell {
        StoredCell(glyph: glyph(cell.text), style: cell.style)
    }

    /// The glyph for `text`, keeping it in `clusters` if it is too long for the bits.
    mutating func glyph(_ text: String) -> UInt64 {
        if let glyph = StoredCell.inlineGlyph(text) { return glyph }
        clusters.append(text)
        return StoredCell.overflow | UInt64(clusters.count - 1)
    }

    public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    public subscript(x: Int, y: Int) -> Cell {
        cell(cells[y * width + x])
    }

    /// The cell at (`x`, `y`) as stored, its long cluster (if any) named by index here.
    func stored(x: Int, y: Int) -> StoredCell {
        cells[y * width + x]
    }

    /// Stores `cell` at (`x`, `y`) as it is, with no care for the wide clusters around it.
    mutating func store(_ cell: StoredCell, x: Int, y: Int) {
        cells[y * width + x] = cell
    }

    /// Whether the cell at (`x`, `y`) is the right half of a wide cluster, read without its text.
    func isContinuation(x: Int, y: Int) -> Bool {
        cells[y * width + x].isContinuation
    }

    /// Whether (`x`, `y`) holds a plain space, as a cleared screen has everywhere.
    func isBlank(x: Int, y: Int) -> Bool {
        cells[y * width + x] == .blank
    }

    /// Whether (`x`, `y`) holds the same cell here and in `other`, a grid of the same size.
    func cellMatches(x: Int, y: Int, in other: Grid) -> Bool {
        let (mine, theirs) = (cells[y * width + x], other.cells[y * width + x])
        guard mine.isOverflow || theirs.isOverflow else { return mine == theirs }
        // A long cluster's index means something only in its own grid; its text is what counts.
        return mine.look == theirs.look && text(of: mine.glyph) == other.text(of: theirs.glyph)
    }

    /// Whether row `y` holds the same cells as that row of `other`, a grid of the same size.
    func rowMatches(_ y: Int, in other: Grid) -> Bool {
        let row = (y * width)..<((y + 1) * width)
        // Equal bits are equal cells when long clusters' indices mean the same in both.
        if clusters == other.clusters, Self.sameBytes(cells[row], other.cells[row]) { return true }
        return (0..<width).allSatisfy { cellMatches(x: $0, y: y, in: other) }
    }

    /// Whether two runs of cells are the same bytes (a cell has no padding to differ in).
    private static func sameBytes(_ lhs: ArraySlice<StoredCell>, _ rhs: ArraySlice<StoredCell>) -> Bool {
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
            set(StoredCell(glyph: glyph(String(character)), style: style), x: column, y: y)
            if columns == 2 {
                set(StoredCell(glyph: StoredCell.continuationGlyph, style: style), x: column + 1, y: y)
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
        forEachCell(in: rect) { $0 = StoredCell(glyph: StoredCell.spaceGlyph, style: style) }
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

    private mutating func forEachCell(in rect: Rect, _ body: (inout StoredCell) -> Void) {
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
    mutating func setRun(x: Int, y: Int, count: Int, _ cell: (Int) -> StoredCell) {
        guard y >= 0, y < height, x >= 0, x < width else { return }
        let end = min(x + max(0, count), width)
        guard x < end else { return }
        let row = y * width
        if cells[row + x].isContinuation, x > 0 {
            cells[row + x - 1].glyph = StoredCell.spaceGlyph
        }
        for column in x..<end {
            cells[row + column] = cell(column - x)
        }
        if end < width, cells[row + end].isContinuation {
            cells[row + end].glyph = StoredCell.spaceGlyph
        }
    }

    /// Stores a cell, blanking the other half of any wide cluster it overwrites.
    mutating func set(_ cell: Cell, x: Int, y: Int) {
        set(stored(cell), x: x, y: y)
    }

    mutating func set(_ cell: StoredCell, x: Int, y: Int) {
        guard x >= 0, x < width, y >= 0, y < height else { return }
        let index = y * width + x
        if cells[index].isContinuation, !cell.isContinuation, x > 0 {
            cells[index - 1].glyph = StoredCell.spaceGlyph
        }
        if x + 1 < width, cells[index + 1].isContinuation {
            cells[index + 1].glyph = StoredCell.spaceGlyph
        }
        cells[index] = cell
    }
}

extension Grid: Equatable {
    /// Grids are equal when they show the same: same size, glyphs, links and cells, however
    /// their long clusters are numbered.
    public static func == (lhs: Grid, rhs: Grid) -> Bool {
        guard lhs.width == rhs.width, lhs.height == rhs.height, lhs.glyphs == rhs.glyphs, lhs.links == rhs.links else { return false }
        return (0..<lhs.height).allSatisfy { lhs.rowMatches($0, in: rhs) }
    }
}
