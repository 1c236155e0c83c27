/// A scrolling list of rows, one of them selected: which rows show, and drawing them.
///
/// Used by every list on screen (courses, uploads, pickers). Its window moves only in
/// `layout`, called when the list or its room changes; drawing reads it.
public struct ListView: Equatable, Sendable {
    /// The first row shown.
    public private(set) var offset = 0
    /// Rows that fit on screen.
    public private(set) var height = 1

    /// Fits the window to `height` rows of `count`, moving it just enough to show `selected`
    /// and, where it can, `context` rows above it (a group's heading, say).
    public init() {}

    public mutating func layout(height: Int, count: Int, selected: Int?, context: Int = 0) {
        self.height = max(0, height)
        if let selected, self.height > 0 {
            let top = max(0, selected - context)
            if top < offset { offset = top }
            if selected >= offset + self.height { offset = selected - self.height + 1 }
        }
        offset = max(0, min(offset, count - self.height))
    }

    /// The rows on screen.
    public func visibleRange(count: Int) -> Range<Int> {
        let start = min(offset, count)
        return start..<min(count, start + height)
    }

    /// Draws each row on screen in its own one-line rectangle of `rect`, top down.
    public func draw(count: Int, in rect: Rect, into grid: inout Grid, row drawRow: (Int, Rect, inout Grid) -> Void) {
        for (line, index) in visibleRange(count: count).enumerated() where line < rect.height {
            drawRow(index, Rect(x: rect.x, y: rect.y + line, width: rect.width, height: 1), &grid)
        }
    }

    /// "12 of 48" for the selected item of `count` when not all `rows` fit, for a pane's bottom
    /// border: every list counts its items so, never the headings between them.
    public func position(of selected: Int, count: Int, rows: Int? = nil) -> String? {
        (rows ?? count) > height ? Self.position(of: selected, count: count) : nil
    }

    /// "12 of 48": the one way a pane's border says where its selection is.
    public static func position(of selected: Int, count: Int) -> String {
        "\(selected + 1) of \(count)"
    }
}

/// The keys every list moves by, and where each takes the selection.
public enum ListMotion {
    /// The index `key` selects among `count` rows from `selection`, paging by `page`; nil for other keys.
    public static func target(of key: Key, from selection: Int, count: Int, page: Int) -> Int? {
        let target: Int
        switch key {
        case .up, .character("k"): target = selection - 1
        case .down, .character("j"): target = selection + 1
        case .pageUp: target = selection - max(1, page)
        case .pageDown: target = selection + max(1, page)
        case .home, .character("g"): target = 0
        case .end, .character("G"): target = count - 1
        default: return nil
        }
        return max(0, min(target, count - 1))
    }
}
