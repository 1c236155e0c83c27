/// The cells and links of one rectangle of a grid, kept to be put back in a later frame
/// in place of drawing the same again.
public struct GridPatch: Sendable {
    /// Where the cells came from, clamped to the grid.
    public let rect: Rect
    var cells: [StoredCell]
    /// The long clusters the cells name, numbered for this patch alone.
    var clusters: [String]
    var links: [Grid.Link]
}

extension Grid {
    /// The cells and links of `rect` as they are now.
    public func patch(_ rect: Rect) -> GridPatch {
        let clamped = rect.clamped(to: bounds)
        var cells: [StoredCell] = []
        cells.reserveCapacity(clamped.width * clamped.height)
        var clusters: [String] = []
        for y in clamped.y..<clamped.maxY {
            for x in clamped.x..<clamped.maxX {
                var cell = stored(x: x, y: y)
                if cell.isOverflow {
                    clusters.append(text(of: cell.glyph))
                    cell.glyph = StoredCell.overflow | UInt64(clusters.count - 1)
                }
                cells.append(cell)
            }
        }
        let links = self.links.filter { clamped.contains(row: $0.y, columns: $0.x..<($0.x + $0.width)) }
        return GridPatch(rect: clamped, cells: cells, clusters: clusters, links: links)
    }

    /// Puts `patch` back where it came from, links and all, over whatever is there; a patch
    /// that doesn't fit this grid is left out.
    public mutating func paste(_ patch: GridPatch) {
        guard patch.rect.clamped(to: bounds) == patch.rect else { return }
        clear(patch.rect)
        var index = 0
        for y in patch.rect.y..<patch.rect.maxY {
            for x in patch.rect.x..<patch.rect.maxX {
                var cell = patch.cells[index]
                if cell.isOverflow {
                    cell.glyph = glyph(patch.clusters[Int(cell.glyph & ~StoredCell.overflow)])
                }
                store(cell, x: x, y: y)
                index += 1
            }
        }
        for link in patch.links {
            self.link(link.url, x: link.x, y: link.y, width: link.width)
        }
    }
}

extension Rect {
    /// The part of this rectangle inside `bounds`; empty when they don't meet.
    func clamped(to bounds: Rect) -> Rect {
        let x = max(self.x, bounds.x)
        let y = max(self.y, bounds.y)
        let maxX = min(self.maxX, bounds.maxX)
        let maxY = min(self.maxY, bounds.maxY)
        return Rect(x: x, y: y, width: max(0, maxX - x), height: max(0, maxY - y))
    }

    /// Whether row `y` lies in this rectangle with all of `columns`.
    func contains(row y: Int, columns: Range<Int>) -> Bool {
        y >= self.y && y < maxY && columns.lowerBound >= x && columns.upperBound <= maxX
    }
}
