import CourseKit
import TerminalUI

extension CourseDetailState {
    /// What the Course pane's keys do.
    enum Action: Equatable {
        case move, page, ends, selectItem, back, openInBrowser, copyAddress, upload, handIn, retry, read, download, reply
        case whatIf, clearWhatIf, needed
    }

    /// The Course pane's keys, in the order of their importance on the hint line: handing in
    /// and uploading, what a student opens a course for, go before selecting an item.
    static let bindings: [Binding<Action>] = [
        .step(
            does: "move to the next, previous item (the view follows it); where text stands between, scroll a line",
            hint: "move", action: .move
        ),
        .page([.character(" ")], does: "scroll a page (Space: down)", action: .page),
        .ends(does: "the top, the end", action: .ends),
        Binding([[.character("s")]], does: "hand in to an assignment: files, a text written in your editor, or a link (type to find it, Enter picks)", hint: "submit", action: .handIn),
        Binding([[.character("u")]], does: "upload files to the course's Files (spaces separate them, Tab completes, Esc cancels)", hint: "upload", action: .upload),
        Binding([[.character("r")]], does: "retry the sections that failed to load", hint: "retry", action: .retry),
        Binding(
            [[.character("o")]], does: "open the selected item (a downloaded file: its copy), else the course, in the web browser ($BROWSER, else xdg-open)",
            hint: "browser", action: .openInBrowser
        ),
        Binding([[.character("n"), .character("p")]], does: "jump to the next, previous assignment, announcement, discussion (or reply in an open one), file or module item, however far", hint: "item", hintKey: "n/p", action: .selectItem),
        Binding([[.character("d")]], does: "download the selected file, or every file in the selected folder", hint: "download", action: .download),
        Binding([[.enter]], does: "read the selected announcement whole, or a discussion with its replies, which marks them read; again folds it; a module's file: select it in Files", action: .read),
        Binding(
            [[.character("R")]], does: "reply to the selected discussion, or to the reply selected in it, written in your editor ($VISUAL or $EDITOR)",
            hint: "reply", action: .reply
        ),
        Binding(
            [[.character("w")]], does: "what-if: type a score for the assignment selected under Grades, and see the totals move (nothing is sent)",
            hint: "what-if", action: .whatIf
        ),
        Binding([[.character("W")]], does: "clear every what-if score", action: .clearWhatIf),
        Binding([[.character("t")]], does: "the score the assignment selected under Grades needs for a letter you type", action: .needed),
        Binding([[.character("y")]], does: "copy the web address of what o opens to the clipboard (through the terminal)", action: .copyAddress),
        Binding([[.escape]], does: "select no item, so o and y act on the course; with none selected, back to the courses", action: .back),
    ]

    /// Whether `action` can act now, and if not, why.
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
        case .upload:
            return Availability(unless: courseID == nil ? "No course is open" : capabilities.courseFileUploadRefusal ?? overview.course?.courseFilesRefusal.map { $0 + "; hand files in to an assignment with s" })
        case .handIn:
            return courseID == nil ? .disabled("No course is open") : HandInFlow.availability(with: assignments.load, takesContent: capabilities.takesContent)
        case .retry:
            return Availability(unless: hasFailure ? nil : "Nothing failed to load")
        case .read:
            let readable = selectedAnnouncement != nil || selectedTopic != nil || selectedDetailItem?.fileID != nil
            return Availability(unless: readable ? nil : "Select an announcement or a discussion with j/k or n/p first")
        case .reply:
            return replyAvailability
        case .download:
            let none = selectedFile == nil && selectedFolder == nil && selectedAttachment == nil
            return Availability(unless: none ? "Select a file or folder with j/k or n/p first" : nil)
        case .whatIf:
            return Availability(unless: grades.questionRefusal(item: selectedItem))
        case .clearWhatIf:
            return Availability(unless: grades.whatIf.isEmpty ? "No what-if scores to clear" : nil)
        case .needed:
            return Availability(unless: grades.neededRefusal(item: selectedItem))
        }
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
