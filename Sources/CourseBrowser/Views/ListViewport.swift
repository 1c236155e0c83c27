/// Which rows of a long list are visible, keeping the selected row on screen.
struct ListViewport: Equatable {
    private(set) var offset = 0

    /// Moves the window just enough to show `selected` in `height` rows of `count`.
    mutating func reveal(_ selected: Int, height: Int, count: Int) {
        guard height > 0 else { return }
        if selected < offset {
            offset = selected
        } else if selected >= offset + height {
            offset = selected - height + 1
        }
        offset = min(offset, max(0, count - height))
        offset = max(0, offset)
    }

    /// The indices to draw.
    func visibleRange(height: Int, count: Int) -> Range<Int> {
        let start = min(offset, count)
        return start..<min(count, start + max(0, height))
    }
}
