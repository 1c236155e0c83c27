import CourseKit
import TerminalUI

extension CourseListState {
    /// What the Courses pane's keys do.
    enum Action: Equatable {
        case move, open, cycleView, find, clearFilter, openInBrowser, copyAddress, retry
    }

    /// The Courses pane's keys, in the order of their importance on the hint line.
    static let bindings: [Binding<Action>] = [
        .step(does: "move in the courses", hint: "move", action: .move),
        .page(does: "move a page of courses", action: .move),
        .ends(does: "the first, last course", action: .move),
        Binding([[.enter]], does: "open the selected course", hint: "open", action: .open),
        Binding([[.character("v")]], does: "the next view, Current → Favorites → All", hint: "view", action: .cycleView),
        Binding(
            [[.character("/")]], does: "find a course by name, code or term as you type (Enter keeps it, Esc clears it)", hint: "find",
            action: .find
        ),
        Binding(
            [[.character("o")]], does: "open the selected course in the web browser ($BROWSER, else xdg-open)", hint: "browser",
            action: .openInBrowser
        ),
        Binding([[.character("r")]], does: "retry loading the courses that failed", hint: "retry", action: .retry),
        Binding([[.escape]], does: "clear the filter", hint: "clear filter", action: .clearFilter),
        Binding([[.character("y")]], does: "copy the selected course's web address to the clipboard (through the terminal)", action: .copyAddress),
    ]

    /// What the filter's own keys do while it is typed.
    enum FilterAction {
        case move, keep, clear
    }

    /// The filter's keys while it is typed; every other key is text for it.
    static let filterBindings: [Binding<FilterAction>] = [
        Binding([[.up, .down], [.pageUp, .pageDown]], does: "move in the courses found", hint: "move", hintKey: "↑↓", action: .move),
        Binding([[.enter]], does: "keep the filter", hint: "keep", action: .keep),
        Binding([[.escape]], does: "clear the filter and stop finding", hint: "clear", action: .clear),
    ]

    /// Whether `action` can act now, and if not, why.
    func availability(of action: Action) -> Availability {
        switch action {
        case .move, .cycleView, .find:
            return .enabled
        case .open:
            return Availability(unless: selectedCourse == nil ? "No course is selected" : nil)
        case .clearFilter:
            return Availability(unless: filter == nil ? "No filter to clear" : nil)
        case .openInBrowser, .copyAddress:
            return WebPage.availability(of: selectedPage, without: "No course is selected")
        case .retry:
            return Availability(unless: view.pages.failure == nil ? "Nothing failed to load" : nil)
        }
    }

    /// Whether the filter is being typed, so that every key is text for it.
    var isTypingFilter: Bool {
        filter?.isEditing == true
    }

    /// The keys in force now: the filter's while it is typed, else the pane's.
    var keys: [KeyItem] {
        isTypingFilter ? Self.filterBindings.items { _ in .enabled } : helpKeys
    }

    func claims(_ key: Key) -> Bool {
        isTypingFilter || binds(key)
    }

    /// The selected course's web page.
    var selectedPage: WebPage? {
        selectedCourse.map { WebPage(title: $0.name, url: $0.htmlURL) }
    }
}
