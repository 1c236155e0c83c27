import TerminalUI

extension ShellLayout {
    /// A direction across the screen.
    enum Side {
        case left, right
    }

    /// The pane beside `pane` on `side`, as the screen shows them: under tabs, the next tab
    /// that way; side by side, the box wholly that way sharing the most rows with `pane`'s
    /// (Courses from Course, as it is the taller), the nearest on a tie. Nil at the screen's edge.
    func neighbour(of pane: AppShell.PaneID, toThe side: Side) -> AppShell.PaneID? {
        let all = AppShell.PaneID.allCases
        if tabs != nil {
            guard let index = all.firstIndex(of: pane) else { return nil }
            let next = index + (side == .left ? -1 : 1)
            return all.indices.contains(next) ? all[next] : nil
        }
        let from = box(pane)
        let beside = all.filter { other in
            let box = box(other)
            return other != pane && (side == .left ? box.maxX <= from.x : box.x >= from.maxX) && Self.sharedRows(box, from) > 0
        }
        return beside.max { lhs, rhs in
            let (left, right) = (box(lhs), box(rhs))
            let (leftRows, rightRows) = (Self.sharedRows(left, from), Self.sharedRows(right, from))
            if leftRows != rightRows { return leftRows < rightRows }
            return Self.gap(left, from) > Self.gap(right, from)
        }
    }

    /// The rows two boxes both span.
    private static func sharedRows(_ a: Rect, _ b: Rect) -> Int {
        max(0, min(a.maxY, b.maxY) - max(a.y, b.y))
    }

    /// The columns between two boxes side by side.
    private static func gap(_ a: Rect, _ b: Rect) -> Int {
        max(a.x - b.maxX, b.x - a.maxX)
    }
}
