import TerminalUI

/// Where the shell puts each pane, the tabs and the hint line on a screen of a given size.
///
/// Wide screens show Courses above Due in the left column, Course beside them and Uploads
/// across the bottom; narrow ones show one pane at a time under a row of tabs, every pane in
/// the same box. The focused pane gets the room: Due focused widens the left column and takes
/// the larger part of it, and an empty queue keeps to the one row its line needs.
struct ShellLayout {
    /// Below this width the shell shows one pane at a time.
    static let wideMinimumWidth = 80
    /// Below this size nothing useful fits, so the shell says so instead of drawing.
    static let minimumSize = (width: 40, height: 10)

    /// Each pane's box, border included.
    private(set) var boxes: [AppShell.PaneID: Rect] = [:]
    /// The row of tabs naming the panes, on narrow screens.
    private(set) var tabs: Rect?
    private(set) var hints: Rect
    /// False when the screen is too small to draw the panes at all.
    let fits: Bool
    /// The whole screen.
    let bounds: Rect

    /// The screen laid out for `focus`; with `queueIsEmpty`, the queue unfocused takes one row.
    init(bounds: Rect, focus: AppShell.PaneID = .list, queueIsEmpty: Bool = false) {
        self.bounds = bounds
        fits = bounds.width >= Self.minimumSize.width && bounds.height >= Self.minimumSize.height
        let (body, hintRow) = bounds.splitBottom(1)
        hints = hintRow
        if bounds.width >= Self.wideMinimumWidth {
            let uploadsHeight = queueIsEmpty && focus != .uploads ? 3 : max(5, body.height / 4)
            let (top, bottom) = body.splitBottom(uploadsHeight)
            let listWidth = min(48, max(30, top.width * 35 / 100))
            // Due's rows are a day, a course and a title: focused, it takes the room to show them whole.
            let leftWidth = focus == .due ? min(100, max(listWidth, top.width * 55 / 100)) : listWidth
            let (left, right) = top.splitLeft(leftWidth)
            // Courses keep the larger part, as they are where a session starts, unless Due is focused.
            let dueShare = focus == .due ? 60 : 40
            let (courses, due) = left.splitTop(left.height - max(5, left.height * dueShare / 100))
            boxes = [.list: courses, .detail: right, .uploads: bottom, .due: due]
        } else {
            let (tabRow, rest) = body.splitTop(1)
            tabs = tabRow
            for id in AppShell.PaneID.allCases {
                boxes[id] = rest
            }
        }
    }

    /// The box of `pane`.
    func box(_ pane: AppShell.PaneID) -> Rect {
        boxes[pane] ?? Rect(x: 0, y: 0, width: 0, height: 0)
    }

    /// The panes to draw: all of them side by side, or only the focused one under tabs.
    func shown(focus: AppShell.PaneID) -> [AppShell.PaneID] {
        tabs == nil ? AppShell.PaneID.allCases : [focus]
    }
}
