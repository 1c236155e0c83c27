import CourseKit
import FoundationEssentials
import TerminalUI

extension HandInFlow {
    /// What the kinds chooser's keys do.
    enum ContentAction: Equatable {
        case choose(HandInKind)
        case cancel
    }

    /// The chooser's keys, each offered where the assignment takes its kind.
    static let kindBindings: [Binding<ContentAction>] = [
        Binding([[.character("f")]], does: "hand files in", hint: "files", action: .choose(.files)),
        Binding([[.character("t")]], does: "write a text in your editor ($VISUAL or $EDITOR)", hint: "text", action: .choose(.text)),
        Binding([[.character("l")]], does: "hand a link in", hint: "link", action: .choose(.link)),
        Binding([[.escape]], does: "cancel", hint: "cancel", action: .cancel),
    ]

    /// An answer to "hand this text or link in?".
    enum ContentAnswer: Equatable {
        case handIn, edit, notNow
    }

    /// The answers to "hand this text or link in?"; `e` writes the text again.
    static let contentConfirmBindings: [Binding<ContentAnswer>] = [
        Binding([[.character("y")]], does: "hand it in", hint: "hand in", action: .handIn),
        Binding([[.character("e")]], does: "open the text in your editor again", hint: "edit", action: .edit),
        Binding([[.character("n")], [.escape]], does: "don't hand it in now (a text stays in its draft)", hint: "not now", action: .notNow),
    ]

    /// The link field's keys; every other key is text for it.
    static let linkBindings: [Binding<Bool>] = [
        Binding([[.enter]], does: "hand the link in, once asked", hint: "hand in", action: true),
        Binding([[.escape]], does: "cancel", hint: "cancel", action: false),
    ]

    /// The flow with `assignment` already chosen: for a pane that has it in hand, read from the
    /// backend just now. Returns the effects to perform at once (the editor, for a text alone).
    static func handIn(
        to course: CourseID, picked assignment: Assignment, home: String, lms: String = BackendCapabilities.canvas.lmsName, takesContent: Bool = false
    ) -> (HandInFlow, [Effect]) {
        let files = Stage.typing(UploadPrompt(target: .assignment(assignment)))
        var flow = HandInFlow(course: course, isFresh: true, home: home, lms: lms, takesContent: takesContent, stage: files)
        let effects = flow.start(assignment)
        return (flow, effects)
    }

    /// Goes on with `assignment` just picked: straight to the one kind it takes, else asks which.
    mutating func start(_ assignment: Assignment) -> [Effect] {
        let kinds = assignment.handInKinds(takesContent: takesContent)
        guard kinds.count == 1, let kind = kinds.first else {
            stage = kinds.isEmpty ? .typing(UploadPrompt(target: .assignment(assignment))) : .choosing(assignment, kinds)
            return []
        }
        return start(kind, for: assignment)
    }

    private mutating func start(_ kind: HandInKind, for assignment: Assignment) -> [Effect] {
        switch kind {
        case .files:
            stage = .typing(UploadPrompt(target: .assignment(assignment)))
            return []
        case .text:
            stage = .writing(assignment)
            return [.write(assignment, course: course)]
        case .link:
            stage = .linking(assignment, LineEditor(), problem: nil)
            return []
        }
    }

    /// A key while a text or a link is chosen, typed or asked about.
    mutating func handleContent(_ key: Key) -> [Effect] {
        switch stage {
        case let .choosing(assignment, kinds):
            switch Self.kindBindings.lookUp(key, availability: { action in Self.availability(of: action, among: kinds) }) {
            case .act(.cancel): return [.close(nil)]
            case let .act(.choose(kind)): return start(kind, for: assignment)
            case .unbound, .refused: return []
            }
        case let .linking(assignment, editor, problem):
            return typeLink(key, for: assignment, editor: editor, problem: problem)
        case let .confirmingContent(assignment, content):
            return answer(key, about: content, to: assignment)
        case .writing, .queueingContent, .picking, .typing, .confirming:
            return []
        }
    }

    private static func availability(of action: ContentAction, among kinds: [HandInKind]) -> Availability {
        guard case let .choose(kind) = action else { return .enabled }
        return kinds.contains(kind) ? .enabled : .disabled("This assignment doesn't take \(kind.name)")
    }

    private mutating func typeLink(_ key: Key, for assignment: Assignment, editor: LineEditor, problem: String?) -> [Effect] {
        var editor = editor
        switch Self.linkBindings.lookUp(key, availability: { _ in .enabled }) {
        case .act(false): return [.close(nil)]
        case .act(true):
            guard let address = Self.link(editor.text) else {
                stage = .linking(assignment, editor, problem: "Type a web address, such as https://example.com/my-work")
                return []
            }
            stage = .confirmingContent(assignment, .link(address))
        case .unbound, .refused:
            _ = editor.handle(key)
            stage = .linking(assignment, editor, problem: nil)
        }
        return []
    }

    /// `typed` as the link handed in (`HandInText.link`), or nil when it is no web address.
    static func link(_ typed: String) -> String? {
        let address = HandInText.link(typed)
        guard !typed.trimming(.whitespaces).isEmpty, !address.contains(" "),
              let url = URL(string: address), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
              let host = url.host, !host.isEmpty
        else { return nil }
        return address
    }

    /// Whether `answer` applies to `content`: a link has no editor to go back to.
    private static func availability(of answer: ContentAnswer, about content: HandInContent) -> Availability {
        guard answer == .edit, case .link = content else { return .enabled }
        return .disabled("A link is typed, not written: n goes back to it")
    }

    private mutating func answer(_ key: Key, about content: HandInContent, to assignment: Assignment) -> [Effect] {
        switch Self.contentConfirmBindings.lookUp(key, availability: { Self.availability(of: $0, about: content) }) {
        case .act(.handIn):
            stage = .queueingContent(assignment, content)
            return [.queueContent(content, course: course, assignment: assignment)]
        case .act(.edit):
            stage = .writing(assignment)
            return [.write(assignment, course: course)]
        case .act(.notNow):
            switch content {
            case let .text(_, draft):
                return [.close(Notice(text: "Not handed in; the text stays in \(draft.path), and s opens it again"))]
            case let .link(address):
                stage = .linking(assignment, LineEditor(text: address), problem: nil)
                return []
            }
        case .unbound, .refused:
            return []
        }
    }

    /// The editor closed: ask about the text, or say why there is none.
    mutating func written(_ reading: TextDraft.Reading) -> [Effect] {
        guard case let .writing(assignment) = stage else { return [] }
        switch reading {
        case let .text(text, draft):
            stage = .confirmingContent(assignment, .text(text, draft: draft))
            return []
        case .empty:
            return [.close(Notice(text: "Nothing was written, so nothing is handed in"))]
        case let .unusable(message, _):
            return [.close(Notice(text: message, isProblem: true))]
        }
    }

    /// The queue took the text or link, or said why not.
    mutating func contentQueued(_ outcome: QueueingOutcome, content: HandInContent, to assignment: Assignment) -> [Effect] {
        if let (message, _) = outcome.failure {
            var text = "Couldn't queue \(content.description): \(message)"
            if case let .text(_, draft) = content {
                text += "; the text stays in \(draft.path)"
            }
            return [.close(Notice(text: text, isProblem: true))]
        }
        return [.close(Notice(text: "Queued \(content.description) for \(assignment.name); it is handed in once, when the network allows"))]
    }

    /// The keys of the chooser, the link field or the question.
    var contentKeys: [KeyItem] {
        switch stage {
        case let .choosing(_, kinds): return Self.kindBindings.items { Self.availability(of: $0, among: kinds) }
        case .linking: return Self.linkBindings.items { _ in .enabled }
        case let .confirmingContent(_, content): return Self.contentConfirmBindings.items { Self.availability(of: $0, about: content) }
        case .writing, .queueingContent, .picking, .typing, .confirming: return []
        }
    }
}
