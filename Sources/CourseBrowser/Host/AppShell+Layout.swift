import TerminalUI

extension AppShell {
    public func render(into grid: inout Grid) {
        let (minimumWidth, minimumHeight) = Self.minimumSize
        guard grid.width >= minimumWidth, grid.height >= minimumHeight else {
            drawTooSmall(into: &grid)
            return
        }
        let (body, hintRow) = grid.bounds.splitBottom(1)
        if grid.width >= Self.wideLayoutMinimumWidth {
            drawWide(into: &grid, in: body)
        } else {
            drawNarrow(into: &grid, in: body)
        }
        drawHints(into: &grid, in: hintRow)
        if showsHelp {
            HelpOverlay.draw(into: &grid, in: body)
        }
    }

    /// Courses and Course side by side, Uploads across the bottom.
    private func drawWide(into grid: inout Grid, in body: Rect) {
        let uploadsHeight = max(5, body.height / 4)
        let (top, bottom) = body.splitBottom(uploadsHeight)
        let listWidth = min(48, max(30, top.width * 35 / 100))
        let (left, right) = top.splitLeft(listWidth)
        drawPane(.list, into: &grid, in: left)
        drawPane(.detail, into: &grid, in: right)
        drawPane(.uploads, into: &grid, in: bottom)
    }

    /// One pane at a time under a row of tabs naming all three.
    private func drawNarrow(into grid: inout Grid, in body: Rect) {
        let (tabs, rest) = body.splitTop(1)
        var x = tabs.x
        for id in PaneID.allCases {
            let label = " \(pane(id).title) "
            x += grid.put(label, x: x, y: tabs.y, maxWidth: tabs.maxX - x, style: id == focus ? Style(bold: true, reverse: true) : .muted)
            x += 1
        }
        drawPane(focus, into: &grid, in: rest)
    }

    private func drawPane(_ id: PaneID, into grid: inout Grid, in rect: Rect) {
        let focused = id == focus
        let pane = pane(id)
        grid.box(rect, title: pane.title, focused: focused, style: focused ? Style(bold: true, role: .accent) : .plain)
        pane.draw(into: &grid, rect: rect.inset(by: 1), focused: focused)
        if let footer = pane.footer, rect.width > footer.displayWidth + 6 {
            grid.put(" \(footer) ", x: rect.maxX - footer.displayWidth - 4, y: rect.maxY - 1, style: .muted)
        }
    }

    private func drawHints(into grid: inout Grid, in row: Rect) {
        let focused = pane(focus)
        // While a pane takes keys as text, Tab, ? and q are text too: only its own keys apply.
        let hints = focused.capturesKeys
            ? focused.hints + [KeyHint(key: "Ctrl-C", action: "quit")]
            : [KeyHint(key: "Tab", action: "focus")] + focused.hints + [KeyHint(key: "?", action: "help"), KeyHint(key: "q", action: "quit")]
        var x = row.x + 1
        for hint in hints where x < row.maxX {
            x += grid.put(hint.key, x: x, y: row.y, maxWidth: row.maxX - x, style: .bold)
            x += grid.put(" " + hint.action + "  ", x: x, y: row.y, maxWidth: row.maxX - x, style: .muted)
        }
    }

    private func drawTooSmall(into grid: inout Grid) {
        let lines = ["Terminal too small", "\(grid.width)×\(grid.height), need \(Self.minimumSize.width)×\(Self.minimumSize.height)"]
        for (index, line) in lines.enumerated() {
            let y = grid.height / 2 - 1 + index
            let x = max(0, (grid.width - line.displayWidth) / 2)
            grid.put(line, x: x, y: y, style: index == 0 ? .bold : .plain)
        }
    }
}
