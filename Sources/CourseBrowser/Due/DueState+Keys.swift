import CourseKit
import TerminalUI

extension DueState {
    /// What the Due pane's keys do.
    enum Action: Equatable {
        case move, open, handIn, markDone, addNote, editNote, removeNote, openInBrowser, copyAddress, retry
    }

    /// The Due pane's keys, in the order of their importance on the hint line.
    static let bindings: [Binding<Action>] = [
        .step(does: "move in what is due", hint: "move", action: .move),
        .page([.character(" ")], does: "move a page (Space: down)", action: .move),
        .ends(does: "the first, last item", action: .move),
        Binding([[.enter]], does: "open the item's course, with the assignment selected, or the discussion open", hint: "open", action: .open),
        Binding([[.character("s")]], does: "hand in to the selected assignment: files, a text written in your editor, or a link (Esc cancels)", hint: "submit", action: .handIn),
        Binding([[.character("x")]], does: "mark the selected item done in the planner (again: not done), sent through the queue", hint: "done", action: .markDone),
        Binding([[.character("a")]], does: "add a to-do of your own (its title, its day, then its details and course), sent through the queue", hint: "to-do", action: .addNote),
        Binding([[.character("e")]], does: "change the selected to-do of your own", action: .editNote),
        Binding([[.character("d")]], does: "remove the selected to-do of your own (asks first)", action: .removeNote),
        Binding([[.character("r")]], does: "retry loading what is due", hint: "retry", action: .retry),
        Binding([[.character("o")]], does: "open the selected item in the web browser ($BROWSER, else xdg-open)", hint: "browser", action: .openInBrowser),
        Binding([[.character("y")]], does: "copy the selected item's web address to the clipboard (through the terminal)", action: .copyAddress),
    ]

    /// Whether `action` can act now, and if not, why.
    func availability(of action: Action) -> Availability {
        switch action {
        case .move:
            return .enabled
        case .open:
            guard let item = selectedItem else { return .disabled("Nothing is selected") }
            return Availability(unless: item.courseID == nil ? "\(item.title) belongs to no course" : nil)
        case .handIn:
            guard let item = selectedItem else { return .disabled("Nothing is selected") }
            if handInTarget?.assignments.isLoading == true {
                return .disabled("The course's assignments are still loading")
            }
            return Availability(unless: item.courseID == nil || item.assignmentID == nil ? "\(item.title) takes no hand-in" : nil)
        case .markDone:
            return Availability(unless: markRefusal(for: selectedItem))
        case .addNote, .editNote, .removeNote:
            return Availability(unless: noteRefusal(for: action))
        case .openInBrowser, .copyAddress:
            return WebPage.availability(of: selectedPage, without: "Nothing is selected")
        case .retry:
            return Availability(unless: planner.retryableFailure == nil ? "Nothing failed to load" : nil)
        }
    }

    /// The keys in force now: the hand-in flow's while it is open, none but typing while a
    /// to-do is asked about, else the pane's.
    var keys: [KeyItem] {
        if notePrompt != nil { return [] }
        return handIn?.keys ?? helpKeys
    }

    func claims(_ key: Key) -> Bool {
        isTyping || binds(key)
    }

    /// The selected item's page.
    var selectedPage: WebPage? {
        selectedItem.map { WebPage(title: $0.title, url: $0.htmlURL) }
    }
}
