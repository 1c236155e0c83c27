import CourseKit

extension CourseDetailState {
    /// Moves the pane's one cursor a step down (`step` 1) or up (-1), as ↑↓ and j k do.
    ///
    /// The next item is selected when it shows on screen (or on the line just past it), and the
    /// view follows it; where text stands between the selection and the next item (a long
    /// message, the syllabus), the view scrolls a line instead, so nothing is skipped unread. A
    /// selection scrolled wholly out of view is let go: no key acts on an item one can't see.
    mutating func moveCursor(step: Int) {
        if let next = nextItemInView(step: step) {
            select(next)
            return
        }
        scroll(to: min(scroll + step, max(0, lines.count - contentHeight)))
        if let span = selectedSpan, span.last < scroll || span.first >= scroll + contentHeight {
            clearItemSelection()
        }
    }

    /// The item a step away from the selection (from the view's edge when none is selected on
    /// screen), if any of it is in view or on the line just past the view's edge.
    private func nextItemInView(step: Int) -> String? {
        let bottom = scroll + contentHeight
        let anchor = selectedSpan.flatMap { $0.last >= scroll && $0.first < bottom ? $0 : nil }
        let starts = itemStarts
        if step > 0 {
            let after = anchor?.first ?? scroll - 1
            guard let next = starts.first(where: { $0.line > after }), next.line <= bottom else { return nil }
            return next.id
        }
        let before = anchor?.first ?? bottom
        guard let previous = starts.last(where: { $0.line < before }) else { return nil }
        let last = lines.lastMarked { $0.item?.id == previous.id } ?? previous.line
        return last >= scroll - 1 ? previous.id : nil
    }

    /// The first and last line of the selected item, while it is laid out.
    private var selectedSpan: (first: Int, last: Int)? {
        guard let selectedItem, let first = lines.firstMarked(where: { $0.item?.id == selectedItem }) else { return nil }
        return (first, lines.lastMarked { $0.item?.id == selectedItem } ?? first)
    }

    /// Selects `id` and brings it into view as far as a step needs: its first line below the
    /// view scrolls up to show the item; one above it is left where it is, so reading upward
    /// through a long item goes on line by line.
    private mutating func select(_ id: String) {
        selectItem(id)
        guard let span = selectedSpan else { return }
        if span.last >= scroll + contentHeight {
            scroll(to: min(span.first, span.last - contentHeight + 1))
        } else if span.last < scroll {
            scroll(to: span.last)
        }
    }
}
