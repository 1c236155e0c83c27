import CourseKit
import FoundationEssentials
import TerminalUI

/// The hand-in flow, as a value: pick an assignment that takes files, type the files, queue
/// them, say how that went. `u` runs its prompt alone, for files to a course's Files.
///
/// It takes only what it needs (the course, its assignments and whether they are fresh, the
/// home folder for `~`), so any pane with assignments in hand can embed it as the Course pane
/// does: it routes keys and queueing outcomes in, performs the `queue` effects, and closes the
/// flow on `close`.
struct HandInFlow {
    /// Where the flow is.
    enum Stage: Equatable {
        case picking(AssignmentPicker)
        case typing(UploadPrompt)
    }

    /// What the embedding pane passes in.
    enum Event {
        /// A key pressed while the flow is open: every key is the flow's then.
        case key(Key)
        /// The queue took the files, all of them or up to the first that it could not.
        case queued(QueueingOutcome)
    }

    /// What the flow asks its embedding pane to do.
    enum Effect: Equatable {
        /// Queue the files at `paths` for `course`: each to its Files, or all as one submission.
        case queue([LocalPath], course: CourseID, target: UploadPrompt.Target)
        /// The flow is over: close it and show `notice`, if any.
        case close(Notice?)
    }

    let course: CourseID
    /// Whether the assignments were read from the backend just now, rather than shown from a
    /// saved copy; the embedding pane keeps it up to date, as its prompt warns by it.
    var isFresh: Bool
    /// For `~` in the prompt.
    let home: String
    private(set) var stage: Stage

    /// The prompt for files to upload to `course`'s Files.
    static func upload(to course: CourseID, home: String) -> HandInFlow {
        HandInFlow(course: course, isFresh: true, home: home, stage: .typing(UploadPrompt()))
    }

    /// Whether the flow can start with `assignments`, and if not, why: cheap enough to ask
    /// each time the hint line is drawn, as it only looks for one assignment that takes files.
    static func availability(with assignments: LoadState<[Assignment]>) -> Availability {
        switch assignments.phase {
        case .idle, .loading:
            return .disabled("The assignments are still loading; press s again once they are shown")
        case let .failed(failure):
            return .disabled("Couldn't load the assignments (\(failure.message)); press r to retry", isProblem: true)
        case let .loaded(assignments):
            return Availability(unless: assignments.contains(where: \.acceptsUploads) ? nil : "No assignment in this course takes file uploads", isProblem: true)
        }
    }

    /// The picker of `assignments` that take files; nil when `availability(with:)` says why there is none.
    static func handIn(to course: CourseID, assignments: LoadState<[Assignment]>, isFresh: Bool, home: String) -> HandInFlow? {
        guard availability(with: assignments).isEnabled, let assignments = assignments.value else { return nil }
        let picker = AssignmentPicker(assignments: AssignmentLayout.sorted(assignments.filter(\.acceptsUploads)), isFresh: isFresh)
        return HandInFlow(course: course, isFresh: isFresh, home: home, stage: .picking(picker))
    }

    /// Applies `event`: a key moves the picker or edits the prompt, an outcome closes the flow
    /// or keeps the prompt open with the files left. Returns what the embedding pane should do.
    mutating func update(_ event: Event) -> [Effect] {
        switch event {
        case let .key(key): return handle(key)
        case let .queued(outcome): return queued(outcome)
        }
    }

    /// Passes `event` to `flow`, an embedding pane's open flow, if any; closes it when it is
    /// over, putting what it says in `notice`. Returns what is left for the pane to do.
    static func update(_ flow: inout HandInFlow?, with event: Event, notice: inout Notice?) -> [Effect] {
        guard var open = flow else { return [] }
        let effects = open.update(event)
        flow = open
        return effects.filter { effect in
            guard case let .close(closing) = effect else { return true }
            flow = nil
            notice = closing
            return false
        }
    }

    private mutating func handle(_ key: Key) -> [Effect] {
        switch stage {
        case var .picking(picker):
            let outcome = picker.handle(key)
            stage = .picking(picker)
            switch outcome {
            case .editing: return []
            case .cancelled: return [.close(nil)]
            case let .picked(assignment):
                stage = .typing(UploadPrompt(target: .assignment(assignment)))
                return []
            }
        case var .typing(prompt):
            let outcome = prompt.handle(key, home: home)
            stage = .typing(prompt)
            switch outcome {
            case .editing: return []
            case .cancelled: return [.close(nil)]
            case let .submit(paths): return [.queue(paths, course: course, target: prompt.target)]
            }
        }
    }

    private mutating func queued(_ outcome: QueueingOutcome) -> [Effect] {
        guard case var .typing(prompt) = stage else { return [] }
        if let (message, remaining) = outcome.failure {
            let done = QueueingReport.queued(outcome.jobs.flatMap(\.files).map(\.name))
            prompt.refused(done == nil ? message : QueueingReport.notQueued(message), keeping: remaining, after: done)
            stage = .typing(prompt)
            return []
        }
        if case let .assignment(assignment) = prompt.target {
            return [.close(Notice(text: "Queued \(Self.names(outcome.jobs)) for \(assignment.name); it is handed in once, when the network allows"))]
        }
        return [.close(Notice(text: "Queued \(Self.names(outcome.jobs)) for upload"))]
    }

    /// The flow's keys now: the picker's or the prompt's.
    var keys: [KeyItem] {
        switch stage {
        case .picking: return AssignmentPicker.bindings.items { _ in .enabled }
        case .typing: return UploadPrompt.bindings.items { _ in .enabled }
        }
    }

    /// The flow's rows: the picker, or the prompt with what the assignment takes.
    func lines(width: Int, glyphs: Glyphs, now: Date) -> [StyledLine] {
        switch stage {
        case let .picking(picker): return picker.lines(width: width, glyphs: glyphs, now: now)
        case let .typing(prompt): return prompt.lines(width: width, glyphs: glyphs, now: now, isFresh: isFresh)
        }
    }

    /// The picker, while an assignment is being chosen.
    var picker: AssignmentPicker? {
        if case let .picking(picker) = stage { return picker }
        return nil
    }

    /// The prompt, while the files are being typed.
    var prompt: UploadPrompt? {
        if case let .typing(prompt) = stage { return prompt }
        return nil
    }

    /// The files of `jobs` as a sentence names them: one by its name, more by their count.
    static func names(_ jobs: [UploadJob]) -> String {
        let files = jobs.flatMap(\.files)
        return files.count == 1 ? files[0].name : "\(files.count) files"
    }
}
