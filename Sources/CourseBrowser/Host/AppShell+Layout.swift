import TerminalUI

extension AppShell {
    /// Tells every pane the room its box leaves inside the border, for a screen of `width` × `height`.
    public func resize(width: Int, height: Int, glyphs: Glyphs) {
        layout = ShellLayout(bounds: Rect(x: 0, y: 0, width: width, height: height), focus: focus, queueIsEmpty: uploads.state.isQuietlyEmpty)
        self.glyphs = glyphs
        for id in PaneID.allCases {
            let inner = layout.box(id).inset(by: 1)
            let size = PaneSize(width: max(0, inner.width), height: max(0, inner.height), glyphs: glyphs)
            pane(id).resize(size)
        }
    }

    /// Lays the screen out again when the focus or the queue's emptiness, which the boxes
    /// depend on, changed since the last layout.
    func relayoutIfNeeded() {
        let wanted = ShellLayout(bounds: layout.bounds, focus: focus, queueIsEmpty: uploads.state.isQuietlyEmpty)
        guard wanted.boxes != layout.boxes else { return }
        resize(width: layout.bounds.width, height: layout.bounds.height, glyphs: glyphs)
    }

    public func render(into grid: inout Grid) {
        guard layout.fits else {
            drawTooSmall(into: &grid)
            return
        }
        if let tabs = layout.tabs {
            drawTabs(into: &grid, in: tabs)
        }
        for id in layout.shown(focus: focus) {
            drawPane(id, into: &grid, in: layout.box(id))
        }
        drawSiteLabel(into: &grid)
        if let strayKeyNote, help == nil {
            grid.put(strayKeyNote, x: layout.hints.x + 1, y: layout.hints.y, maxWidth: layout.hints.width - 1, style: Style(role: .warning))
        } else {
            HintLine.draw(hints(width: layout.hints.width - 1), into: &grid, in: layout.hints)
        }
        help?.draw(into: &grid, in: helpArea, groups: helpGroups, footer: rateBudget.lastReading()?.summary(now: clock.now()))
    }

    /// The site and login, left in the queue's bottom border, where the full width leaves it
    /// room beside the queue's own count; on a narrow screen, at the tab row's end if it fits.
    private func drawSiteLabel(into grid: inout Grid) {
        guard let siteLabel else { return }
        let text = " \(siteLabel) "
        if let tabs = layout.tabs {
            let end = tabSpans(in: tabs).last?.columns.upperBound ?? tabs.x
            guard tabs.maxX - end > text.displayWidth + 1 else { return }
            grid.put(text, x: tabs.maxX - text.displayWidth, y: tabs.y, style: .muted)
            return
        }
        let box = layout.box(.uploads)
        let footer = uploads.footer.map { $0.displayWidth + 6 } ?? 2
        let room = box.width - 3 - footer
        guard room >= min(text.displayWidth, 16) else { return }
        grid.put(text, x: box.x + 2, y: box.maxY - 1, maxWidth: room, style: .muted)
    }

    private func drawTabs(into grid: inout Grid, in tabs: Rect) {
        for tab in tabSpans(in: tabs) where !tab.columns.isEmpty {
            grid.put(tab.label, x: tab.columns.lowerBound, y: tabs.y, maxWidth: tab.columns.count, style: tab.id == focus ? Style(bold: true, reverse: true) : .muted)
        }
    }

    /// Where each pane's tab lies on the tab row, one column apart and cut at its end: what
    /// is drawn and what a click finds.
    func tabSpans(in tabs: Rect) -> [(id: PaneID, label: String, columns: Range<Int>)] {
        var x = tabs.x
        return PaneID.allCases.map { id in
            let label = " \(pane(id).title) "
            let start = min(x, tabs.maxX)
            let end = min(tabs.maxX, start + label.displayWidth)
            x = end + 1
            return (id, label, start..<end)
        }
    }

    /// Draws a pane in its box, or puts back what it drew last when nothing it shows can
    /// have changed since: not its state, its box, its focus, nor the second (for the times
    /// it shows as "3 min ago"), and it isn't animating.
    private func drawPane(_ id: PaneID, into grid: inout Grid, in rect: Rect) {
        let pane = pane(id)
        let conditions = PaneDrawing.Conditions(
            revision: revisions[id, default: 0], rect: rect, focused: id == focus, glyphs: grid.glyphs,
            second: Int(clock.now().timeIntervalSinceReferenceDate.rounded(.down))
        )
        if !pane.isAnimating, let drawing = drawings[id], drawing.conditions == conditions {
            grid.paste(drawing.patch)
            return
        }
        drawAfresh(pane, into: &grid, in: rect, focused: conditions.focused)
        drawings[id] = PaneDrawing(conditions: conditions, patch: grid.patch(rect))
    }

    private func drawAfresh(_ pane: any Pane, into grid: inout Grid, in rect: Rect, focused: Bool) {
        grid.box(rect, title: pane.title, focused: focused, style: focused ? Style(bold: true, role: .accent) : .plain)
        pane.draw(into: &grid, rect: rect.inset(by: 1), focused: focused)
        if let footer = pane.footer, rect.width > footer.displayWidth + 6 {
            grid.put(" \(footer) ", x: rect.maxX - footer.displayWidth - 4, y: rect.maxY - 1, style: .muted)
        }
    }

    /// The hint line's hints for `width` columns: the help's keys while it is open, keeping
    /// close and quit; a typing pane's own and the one way out; else focus, the focused pane's
    /// keys that apply, h/l where there is room, help and quit.
    func hints(width: Int) -> [KeyHint] {
        let fit = { (first: [KeyHint], last: [KeyHint]) in
            HintLine.fit(first.map { $0.spelled(for: self.glyphs) }, last: last.map { $0.spelled(for: self.glyphs) }, width: width)
        }
        if help != nil {
            if help?.isFinding == true {
                return fit(HelpOverlay.findBindings.hints { _ in true }, [])
            }
            let bindings = HelpOverlay.bindings
            return fit(bindings.hints { !HelpOverlay.isWayOut($0) }, bindings.hints(HelpOverlay.isWayOut))
        }
        let focused = pane(focus)
        if focused.capturesKeys {
            return fit(focused.hints, ShellKeys.typingBindings.compactMap(\.hint))
        }
        return fit(ShellKeys.firstHints + focused.hints + ShellKeys.spareHints, ShellKeys.lastHints)
    }

    private func drawTooSmall(into grid: inout Grid) {
        let minimum = ShellLayout.minimumSize
        let lines = ["Terminal too small", "\(grid.width)×\(grid.height), need \(minimum.width)×\(minimum.height)"]
        for (index, line) in lines.enumerated() {
            let y = grid.height / 2 - 1 + index
            let x = max(0, (grid.width - line.displayWidth) / 2)
            grid.put(line, x: x, y: y, style: index == 0 ? .bold : .plain)
        }
    }
}
