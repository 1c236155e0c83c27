import CourseKit
import TerminalUI

extension CourseDetailState {
    /// What the Course pane's keys do, in the order of their importance on the hint line: handing
    /// in and uploading, what a student opens a course for, go before selecting an item.
    enum Action: Equatable, CaseIterable {
        case move, page, ends, handIn, upload, retry, openInBrowser, selectItem, download, read, reply
        case whatIf, clearWhatIf, needed, copyAddress, back
    }

    /// The Course pane's keys: its own, and each section's, in the order of `Action`.
    static let bindings: [Binding<Action>] = {
        let all = ownBindings + slots.flatMap(\.bindings)
        let order = Action.allCases
        return all.sorted { order.firstIndex(of: $0.action) ?? 0 < order.firstIndex(of: $1.action) ?? 0 }
    }()

    /// The keys that act on the course or on any section's item.
    private static let ownBindings: [Binding<Action>] = [
        .step(
            does: "move to the next, previous item (the view follows it); where text stands between, scroll a line",
            hint: "move", action: .move
        ),
        .page([.character(" ")], does: "scroll a page (Space: down)", action: .page),
        .ends(does: "the top, the end", action: .ends),
        Binding([[.character("r")]], does: "retry the sections that failed to load", hint: "retry", action: .retry),
        Binding(
            [[.character("o")]], does: "open the selected item (a downloaded file: its copy), else the course, in the web browser ($BROWSER, else xdg-open)",
            hint: "browser", action: .openInBrowser
        ),
        Binding([[.character("n"), .character("p")]], does: "jump to the next, previous assignment, announcement, discussion (or reply in an open one), file or module item, however far", hint: "item", hintKey: "n/p", action: .selectItem),
        Binding([[.enter]], does: "read the selected announcement whole, or a discussion with its replies, which marks them read; again folds it; a module's file: select it in Files", action: .read),
        Binding([[.character("y")]], does: "copy the web address of what o opens to the clipboard (through the terminal)", action: .copyAddress),
        Binding([[.escape]], does: "select no item, so o and y act on the course; with none selected, back to the courses", action: .back),
    ]

    /// Whether `action` can act now, and if not, why: the section whose key it is says, or whose
    /// item is selected.
    func availability(of action: Action) -> Availability {
        switch action {
        case .move, .page, .ends, .back:
            return .enabled
        case .selectItem:
            return Availability(unless: lines.firstMarked(where: { $0.item != nil }) != nil ? nil : "Nothing here to select")
        case .openInBrowser:
            if let file = selectedFile, files.downloads.localCopies[file.id] != nil { return .enabled }
            return WebPage.availability(of: focusedPage, without: "No course is open")
        case .copyAddress:
            return WebPage.availability(of: focusedPage, without: "No course is open")
        case .retry:
            return Availability(unless: hasFailure ? nil : "Nothing failed to load")
        case .read:
            return sectionAvailability(of: action) ?? .disabled("Select an announcement or a discussion with j/k or n/p first")
        case .handIn, .upload, .download, .reply, .whatIf, .clearWhatIf, .needed:
            return sectionAvailability(of: action) ?? .disabled("No course is open")
        }
    }

    /// What the first section that answers `action` says of it.
    private func sectionAvailability(of action: Action) -> Availability? {
        visitingSections(AvailabilityVisitor(action: action)).availability
    }

    /// The keys in force now: the hand-in flow's while it is open, else the pane's.
    var keys: [KeyItem] {
        if let prompt = grades.prompt {
            return prompt.bindings.items { _ in .enabled }
        }
        if let reply {
            return reply.keys
        }
        return handIn?.keys ?? helpKeys
    }

    func claims(_ key: Key) -> Bool {
        isTyping || binds(key)
    }

    /// The selected item's page, else the course's; nil before a course is open.
    var focusedPage: WebPage? {
        if let item = selectedDetailItem {
            return WebPage(title: item.title, url: item.url)
        }
        guard courseID != nil else { return nil }
        return WebPage(title: overview.course?.name ?? "this course", url: overview.course?.htmlURL)
    }
}
