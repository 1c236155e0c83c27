import TerminalUI

extension CourseListPane {
    func handle(_ key: Key) -> Bool {
        let selection = view.selection ?? 0
        switch key {
        case .up, .character("k"): move(to: selection - 1)
        case .down, .character("j"): move(to: selection + 1)
        case .pageUp: move(to: selection - visibleRows)
        case .pageDown: move(to: selection + visibleRows)
        case .home, .character("g"): move(to: 0)
        case .end, .character("G"): move(to: view.groups.courses.count - 1)
        case .character("v"): cycleScope()
        case .enter:
            guard let course = selectedCourse else { return false }
            onSelect(course.id)
        case .character("r"):
            guard loader.retry() else { return false }
            analytics.track(.retryPressed(pane: "courses"))
        default:
            return false
        }
        return true
    }

    private func move(to index: Int) {
        view.selection = index
        onChange()
    }
}
