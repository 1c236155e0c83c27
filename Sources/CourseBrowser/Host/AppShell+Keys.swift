import TerminalUI

extension AppShell {
    public func handle(_ key: Key) -> KeyResult {
        switch key {
        case .focusIn, .focusOut:
            terminalFocused = key == .focusIn
            return .handled
        case let .mouse(event):
            return handleMouse(event)
        default:
            break
        }
        if showsHelp {
            return handleInHelp(key)
        }
        if pane(focus).capturesKeys {
            if key == .control("c") { return .quit }
            return pane(focus).handle(key) ? .handled : .ignored
        }
        switch key {
        case .character("q"), .control("c"):
            return .quit
        case .character("?"):
            showsHelp = true
        case .tab:
            cycleFocus(by: 1)
        case .backTab:
            cycleFocus(by: -1)
        default:
            return pane(focus).handle(key) ? .handled : .ignored
        }
        return .handled
    }

    /// A click focuses the pane under it (or the tab) and lets that pane act on it; the wheel
    /// goes to the pane under it without moving focus. A pane taking keys as text keeps focus.
    private func handleMouse(_ event: MouseEvent) -> KeyResult {
        guard !showsHelp, layout.fits else { return .ignored }
        if let tabs = layout.tabs, tabs.contains(x: event.x, y: event.y) {
            guard event.action == .click, !pane(focus).capturesKeys, let id = tab(atColumn: event.x) else { return .ignored }
            setFocus(id)
            return .handled
        }
        guard let id = layout.shown(focus: focus).first(where: { layout.box($0).contains(x: event.x, y: event.y) }) else { return .ignored }
        if event.action == .click {
            guard id == focus || !pane(focus).capturesKeys else { return .ignored }
            setFocus(id)
        }
        let content = layout.box(id).inset(by: 1)
        return pane(id).mouse(event.relative(to: content.x, content.y)) ? .handled : .ignored
    }

    /// The pane whose tab is at `column` of the tab row, as it is drawn.
    private func tab(atColumn column: Int) -> PaneID? {
        guard let tabs = layout.tabs else { return nil }
        return tabSpans(in: tabs).first { $0.columns.contains(column) }?.id
    }

    private func handleInHelp(_ key: Key) -> KeyResult {
        switch key {
        case .escape, .character("?"):
            showsHelp = false
            return .handled
        case .character("q"), .control("c"):
            return .quit
        default:
            return .ignored
        }
    }

    private func cycleFocus(by step: Int) {
        let all = PaneID.allCases
        let index = all.firstIndex(of: focus) ?? 0
        setFocus(all[(index + step + all.count) % all.count])
    }
}
