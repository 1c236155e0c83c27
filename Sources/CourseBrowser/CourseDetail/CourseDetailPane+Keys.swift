import TerminalUI

extension CourseDetailPane {
    func handle(_ key: Key) -> Bool {
        if uploadPrompt != nil {
            return handlePromptKey(key)
        }
        uploadNotice = nil
        switch key {
        case .character("u"): return openUploadPrompt()
        case .up, .character("k"): scroll(by: -1)
        case .down, .character("j"): scroll(by: 1)
        case .pageUp: scroll(by: -visibleRows)
        case .pageDown, .character(" "): scroll(by: visibleRows)
        case .home, .character("g"): scroll = 0
        case .end, .character("G"): scroll = Int.max / 2
        case .character("r"):
            guard retryFailed() else { return false }
            analytics.track(.retryPressed(pane: "course"))
        default:
            return false
        }
        onChange()
        return true
    }

    private func scroll(by rows: Int) {
        scroll = max(0, scroll + rows)
    }
}
