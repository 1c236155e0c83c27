import CourseKit
import FoundationEssentials
import TerminalUI

/// The hand-in flow's prompt for the files to upload to a course, or to hand in to an
/// assignment: several paths separated by spaces, Tab completing the one being typed.
struct UploadPrompt: Equatable {
    /// Where the files go.
    enum Target: Equatable {
        /// The course's Files, one job per file.
        case courseFiles
        /// One submission of every file to this assignment.
        case assignment(Assignment)
    }

    /// What a key did to the prompt.
    enum Outcome: Equatable {
        case editing
        case cancelled
        /// Enter on paths that passed the prompt's checks: the files at these paths (`~` expanded)
        /// are to be queued, once the flow has what it needs (`startQueuing`).
        case submit(paths: [LocalPath])
    }

    /// What the prompt's own keys do; every other key is text.
    enum Action {
        case complete, queue, cancel
    }

    /// The prompt's keys as help lists them, while it takes every other key as text.
    static let bindings = bindings(enter: "queue the files to upload; files to hand in, ask y/n first", hint: "queue")

    /// The prompt's keys for `target`: Enter queues files for the course's Files at once, and
    /// asks before a hand-in, which can't be taken back.
    static func bindings(for target: Target) -> [Binding<Action>] {
        switch target {
        case .courseFiles: bindings(enter: "queue the files", hint: "queue")
        case .assignment: bindings(enter: "check the files, then ask y/n before handing them in", hint: "next")
        }
    }

    private static func bindings(enter: String, hint: String) -> [Binding<Action>] {
        [
            Binding([[.tab]], does: "complete the path being typed", hint: "complete", action: .complete),
            Binding([[.enter]], does: enter, hint: hint, action: .queue),
            Binding([[.escape]], does: "cancel: nothing is queued", hint: "cancel", action: .cancel),
        ]
    }

    var target = Target.courseFiles
    var editor = LineEditor()
    /// Why the last Enter didn't queue the files, shown under the field.
    var problem: String? {
        didSet { if problem == nil { queued = nil } }
    }
    /// What the last Enter queued before `problem` stopped it, said as a success above it.
    private(set) var queued: String?
    /// Names that match the last Tab, when more than one does.
    var candidates: [String] = []
    /// True while the files are being captured into the queue.
    private(set) var isQueuing = false

    /// Applies a key; every key belongs to the prompt while it is open, and none while it queues.
    mutating func handle(_ key: Key, home: String) -> Outcome {
        guard !isQueuing else { return .editing }
        switch Self.bindings.lookUp(key, availability: { _ in .enabled }) {
        case .act(.cancel):
            return .cancelled
        case .act(.complete):
            complete(home: home)
        case .act(.queue):
            return submit(home: home)
        case .unbound, .refused:
            _ = editor.handle(key)
            problem = nil
        }
        return .editing
    }

    /// Completes the path at the end of the line, escaped as the line needs it, with a space
    /// after a whole file name so the next path can follow.
    private mutating func complete(home: String) {
        let text = editor.text
        let last = PathList.lastWord(in: text)
        let completion = PathCompletion.complete(last?.meant ?? LocalPath(bytes: []), home: home)
        let kept = last.map { String(text[..<$0.typed.startIndex]) } ?? text
        editor.replace(with: kept + PathList.escaped(completion.completed) + (completion.endsAtFile ? " " : ""))
        candidates = completion.candidates
        problem = nil
    }

    private mutating func submit(home: String) -> Outcome {
        let paths = PathList.split(editor.text, home: home).map { PathCompletion.expand($0, home: home) }
        guard !paths.isEmpty else {
            problem = target == .courseFiles ? "Type the path of a file to upload" : "Type the paths of the files to hand in"
            return .editing
        }
        if case let .assignment(assignment) = target, let refusal = HandInChecks.refusals(paths, to: assignment).first {
            problem = refusal
            return .editing
        }
        candidates = []
        return .submit(paths: paths)
    }

    /// The files are being captured into the queue: keys wait until `refused` or the flow closes.
    mutating func startQueuing() {
        isQueuing = true
    }

    /// Some files could not be queued: the prompt stays open, saying why, holding the paths still
    /// to queue; `queued` says what was queued before them.
    mutating func refused(_ reason: String, keeping remaining: [LocalPath], after queued: String? = nil) {
        isQueuing = false
        problem = reason
        self.queued = queued
        editor.replace(with: remaining.map(PathList.escaped).joined(separator: " "))
    }
}
