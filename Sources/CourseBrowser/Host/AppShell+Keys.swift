import TerminalUI

extension AppShell {
    public func handle(_ key: Key) -> KeyResult {
        switch key {
        case .focusIn, .focusOut:
            terminalFocused = key == .focusIn
            return .handled
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
