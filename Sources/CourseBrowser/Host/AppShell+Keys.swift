import TerminalUI

extension AppShell {
    public func handle(_ key: Key) -> KeyResult {
        switch key {
        case .focusIn, .focusOut:
            updateNotices(.terminalFocus(key == .focusIn))
            return .handled
        case let .mouse(event):
            return handleMouse(event)
        default:
            break
        }
        if help != nil {
            return handleInHelp(key)
        }
        strayKeyNote = nil
        // While a pane takes keys as text, Tab, ? and q are text too: only Ctrl-C is the shell's.
        let shellKeys = pane(focus).capturesKeys ? ShellKeys.typingBindings : ShellKeys.bindings
        let lookUp = shellKeys.lookUp(key, availability: { _ in .enabled })
        if case let .act(action) = lookUp, !ShellKeys.givesWay(action) {
            return act(action, key: key)
        }
        if pane(focus).handle(key) {
            return .handled
        }
        guard case let .act(action) = lookUp else { return sayWhereItWorks(key) }
        return act(action, key: key)
    }

    /// A letter the focused pane doesn't take but another pane's own keys do: the hint line
    /// names that pane, as a key that does nothing should say why.
    private func sayWhereItWorks(_ key: Key) -> KeyResult {
        guard case .character = key, !pane(focus).capturesKeys else { return .ignored }
        let label = key.label
        let owners = PaneID.allCases.filter { $0 != focus }.map(pane).filter { other in
            other.helpKeys.contains { item in item.row.keys.contains { $0.contains(label) } }
        }.map(\.keyGroup)
        guard let first = owners.first else { return .ignored }
        let panes = owners.count == 1 ? "the \(first) pane" : "the \(owners.dropLast().joined(separator: ", ")) and \(owners.last ?? first) panes"
        strayKeyNote = "\(label) works in \(panes) (Tab moves between panes)"
        return .handled
    }

    private func act(_ action: ShellKeys.Action, key: Key) -> KeyResult {
        switch action {
        case .cycleFocus: cycleFocus(by: key == .backTab ? -1 : 1)
        case .focusSide:
            if let next = layout.neighbour(of: focus, toThe: key == .character("h") ? .left : .right) {
                setFocus(next)
            }
        case .help: help = HelpOverlay()
        case .quit: return .quit
        case .suspend: return .ignored
        }
        return .handled
    }

    /// A click focuses the pane under it (or the tab) and lets that pane act on it; the wheel
    /// goes to the pane under it without moving focus. A pane taking keys as text keeps focus.
    private func handleMouse(_ event: MouseEvent) -> KeyResult {
        guard help == nil, layout.fits else { return .ignored }
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
        guard var help else { return .ignored }
        defer { setNeedsDisplay() }
        if help.isFinding {
            if key == .control("c") { return .quit }
            help.find(key)
            self.help = help
            return .handled
        }
        guard case let .act(action) = HelpOverlay.bindings.lookUp(key, availability: { _ in .enabled }) else { return .ignored }
        switch action {
        case .close where key == .escape && !help.query.isEmpty:
            help.clearSearch()
        case .close:
            self.help = nil
            return .handled
        case .quit:
            return .quit
        case .find:
            help.startFinding()
        case .run:
            return run(selectedIn: &help)
        case .move, .page, .ends:
            let (frame, lines) = HelpOverlay.frame(in: helpArea, groups: help.shown(helpGroups))
            help.move(action, key: key, lines: lines, room: frame.room)
        }
        self.help = help
        return .handled
    }

    /// Closes the help and presses the selected key where it works: in its pane, focused first,
    /// or the shell's; a key listed only for a prompt stays, with why.
    private func run(selectedIn help: inout HelpOverlay) -> KeyResult {
        guard let (item, runner) = help.selectedItem(in: help.shown(helpGroups)) else { return .handled }
        guard let key = item.key, let runner else {
            help.cannotRun("works in its prompt: open it first")
            self.help = help
            return .handled
        }
        // Enter never quits: a selection left on the last key would end the session by surprise.
        if runner == .shell, case .act(.quit) = ShellKeys.bindings.lookUp(key, availability: { _ in .enabled }) {
            help.cannotRun("q quits")
            self.help = help
            return .handled
        }
        self.help = nil
        if case let .pane(id) = runner {
            setFocus(id)
        }
        return handle(key)
    }

    /// The keys the help lists: the focused pane's first, then the other panes' in focus order, then the shell's.
    var helpGroups: [HelpOverlay.Group] {
        let order = [focus] + PaneID.allCases.filter { $0 != focus }
        let panes = order.map { HelpOverlay.Group(title: pane($0).keyGroup, items: pane($0).helpKeys, runner: .pane($0)) }
        let prompts = KeyTable.promptGroups.map { group in
            HelpOverlay.Group(title: group.title, items: group.rows.map { KeyItem(row: $0, availability: .enabled) })
        }
        let shell = HelpOverlay.Group(title: ShellKeys.everywhere, items: ShellKeys.bindings.items { _ in .enabled }, runner: .shell)
        return (panes + prompts + [shell]).map { group in
            var spelled = group
            spelled.items = group.items.map { $0.spelled(for: glyphs) }
            return spelled
        }
    }

    /// Where the help is drawn: the whole screen but the hint line.
    var helpArea: Rect {
        layout.bounds.splitBottom(1).0
    }

    private func cycleFocus(by step: Int) {
        let all = PaneID.allCases
        let index = all.firstIndex(of: focus) ?? 0
        setFocus(all[(index + step + all.count) % all.count])
    }
}
