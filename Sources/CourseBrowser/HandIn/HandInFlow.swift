import CourseKit
import FoundationEssentials
import TerminalUI

/// The hand-in flow, as a value: pick an assignment, choose files, a text or a link where it
/// takes more than one, type the files (write the text in the student's editor, type the link),
/// say what handing it in will do and queue it once the student says yes, say how that went.
/// `u` runs its file prompt alone, for files to a course's Files.
///
/// It takes only what it needs (the course, its assignments and whether they are fresh, the
/// home folder for `~`), so any pane with assignments in hand can embed it as the Course pane
/// does: it routes keys and queueing outcomes in, performs the `queue` effects, and closes the
/// flow on `close`.
struct HandInFlow: EmbeddedFlow {
    /// Where the flow is.
    enum Stage: Equatable {
        case picking(AssignmentPicker)
        case typing(UploadPrompt)
        /// The prompt's files are ready to hand in to its assignment: the flow asks first.
        case confirming(UploadPrompt, paths: [LocalPath])
        /// The assignment takes more than one kind of hand-in: which one.
        case choosing(Assignment, [HandInKind])
        /// The student's editor is open on the assignment's draft.
        case writing(Assignment)
        /// The link is typed; with why the last Enter was not taken.
        case linking(Assignment, LineEditor, problem: String?)
        /// The text or link is ready to hand in: the flow asks first.
        case confirmingContent(Assignment, HandInContent)
        /// The text or link is being queued.
        case queueingContent(Assignment, HandInContent)
    }

    /// What the embedding pane passes in.
    enum Event {
        /// A key pressed while the flow is open: every key is the flow's then.
        case key(Key)
        /// The queue took the files, all of them or up to the first that it could not; or the text or link, or not.
        case queued(QueueingOutcome)
        /// The editor closed on the draft, which holds this.
        case written(TextDraft.Reading)
    }

    /// What the flow asks its embedding pane to do.
    enum Effect: Equatable {
        /// Queue the files at `paths` for `course`: each to its Files, or all as one submission.
        case queue([LocalPath], course: CourseID, target: UploadPrompt.Target)
        /// Open the student's editor on the draft of `assignment`, and read it once it closes.
        case write(Assignment, course: CourseID)
        /// Queue `content` as one submission to `assignment` (removing a text's draft once it is).
        case queueContent(HandInContent, course: CourseID, assignment: Assignment)
        /// The flow is over: close it and show `notice`, if any.
        case close(Notice?)
    }

    let course: CourseID
    /// Whether the assignments were read from the backend just now, rather than shown from a
    /// saved copy; the embedding pane keeps it up to date, as its prompt warns by it.
    var isFresh: Bool
    /// For `~` in the prompt.
    let home: String
    /// The LMS by name, for what the prompt warns of ("Moodle refuses a hand-in once it locks").
    var lms = BackendCapabilities.canvas.lmsName
    /// Whether the backend takes texts and links from here, not only files.
    var takesContent = true
    var stage: Stage

    init(
        course: CourseID, isFresh: Bool, home: String, lms: String = BackendCapabilities.canvas.lmsName, takesContent: Bool = true, stage: Stage
    ) {
        self.course = course
        self.isFresh = isFresh
        self.home = home
        self.lms = lms
        self.takesContent = takesContent
        self.stage = stage
    }

    /// The prompt for files to upload to `course`'s Files.
    static func upload(to course: CourseID, home: String) -> HandInFlow {
        HandInFlow(course: course, isFresh: true, home: home, stage: .typing(UploadPrompt()))
    }

    /// Whether the flow can start with `assignments`, and if not, why: cheap enough to ask
    /// each time the hint line is drawn, as it only looks for one assignment that takes files.
    static func availability(with assignments: LoadState<[Assignment]>, takesContent: Bool = false) -> Availability {
        switch assignments.phase {
        case .idle, .loading:
            return .disabled("The assignments are still loading; press s again once they are shown")
        case let .failed(failure):
            return .disabled("Couldn't load the assignments (\(failure.message)); press r to retry", isProblem: true)
        case let .loaded(assignments):
            let takes = assignments.contains { !$0.handInKinds(takesContent: takesContent).isEmpty }
            let why = takesContent ? "No assignment in this course takes files, a text or a link" : "No assignment in this course takes file uploads"
            return Availability(unless: takes ? nil : why, isProblem: true)
        }
    }

    /// The picker of `assignments` that take files; nil when `availability(with:)` says why there
    /// is none. Given `now`, it starts on the one to hand in next (`preselect(now:)`).
    static func handIn(
        to course: CourseID, assignments: LoadState<[Assignment]>, isFresh: Bool, home: String, now: Date? = nil,
        lms: String = BackendCapabilities.canvas.lmsName, takesContent: Bool = false
    ) -> HandInFlow? {
        guard availability(with: assignments, takesContent: takesContent).isEnabled, let assignments = assignments.value else { return nil }
        let offered = assignments.filter { !$0.handInKinds(takesContent: takesContent).isEmpty }
        let picker = AssignmentPicker(assignments: AssignmentLayout.sorted(offered), isFresh: isFresh)
        var flow = HandInFlow(course: course, isFresh: isFresh, home: home, lms: lms, takesContent: takesContent, stage: .picking(picker))
        if let now { flow.preselect(now: now) }
        return flow
    }

    /// Moves a picker just opened to the assignment to hand in next at `now`, for a pane that
    /// opens the flow from a key binding, which has no clock.
    mutating func preselect(now: Date) {
        guard case var .picking(picker) = stage else { return }
        picker.preselect(now: now)
        stage = .picking(picker)
    }

    /// Applies `event`: a key moves the picker or edits the prompt, an outcome closes the flow
    /// or keeps the prompt open with the files left. Returns what the embedding pane should do.
    mutating func update(_ event: Event) -> [Effect] {
        switch event {
        case let .key(key): return handle(key)
        case let .queued(outcome): return queued(outcome)
        case let .written(reading): return written(reading)
        }
    }

    static func closing(_ effect: Effect) -> Notice?? {
        guard case let .close(notice) = effect else { return nil }
        return .some(notice)
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
                return start(assignment)
            }
        case var .typing(prompt):
            let outcome = prompt.handle(key, home: home)
            stage = .typing(prompt)
            switch outcome {
            case .editing: return []
            case .cancelled: return [.close(nil)]
            case let .submit(paths): return ready(paths, from: prompt)
            }
        case let .confirming(prompt, paths):
            return answer(key, about: paths, from: prompt)
        case .choosing, .writing, .linking, .confirmingContent, .queueingContent:
            return handleContent(key)
        }
    }

    /// The prompt's files passed its checks: files for the course's Files are queued at once,
    /// a hand-in (which the teacher sees, and which can't be taken back) only once asked.
    private mutating func ready(_ paths: [LocalPath], from prompt: UploadPrompt) -> [Effect] {
        guard case .assignment = prompt.target else { return queue(paths, from: prompt) }
        stage = .confirming(prompt, paths: paths)
        return []
    }

    /// `y` queues `paths`; `n` or `Esc` goes back to the prompt, which still holds them.
    private mutating func answer(_ key: Key, about paths: [LocalPath], from prompt: UploadPrompt) -> [Effect] {
        switch Self.confirmBindings.lookUp(key, availability: { _ in .enabled }) {
        case .act(true): return queue(paths, from: prompt)
        case .act(false): stage = .typing(prompt)
        case .unbound, .refused: break
        }
        return []
    }

    /// Queues `paths`, the prompt waiting meanwhile with them still typed.
    private mutating func queue(_ paths: [LocalPath], from prompt: UploadPrompt) -> [Effect] {
        var prompt = prompt
        prompt.startQueuing()
        stage = .typing(prompt)
        return [.queue(paths, course: course, target: prompt.target)]
    }

    private mutating func queued(_ outcome: QueueingOutcome) -> [Effect] {
        if case let .queueingContent(assignment, content) = stage {
            return contentQueued(outcome, content: content, to: assignment)
        }
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

    /// The flow's keys now: the picker's, the prompt's or the answers to its question.
    var keys: [KeyItem] {
        switch stage {
        case .picking: return AssignmentPicker.bindings.items { _ in .enabled }
        case let .typing(prompt): return UploadPrompt.bindings(for: prompt.target).items { _ in .enabled }
        case .confirming: return Self.confirmBindings.items { _ in .enabled }
        case .choosing, .writing, .linking, .confirmingContent, .queueingContent: return contentKeys
        }
    }

    /// The flow's rows: the picker, or the prompt with what the assignment takes and, before
    /// a hand-in, what it will do (`HandInSummary`), asked as a question.
    func lines(width: Int, glyphs: Glyphs, now: Date) -> [StyledLine] {
        switch stage {
        case let .picking(picker):
            return picker.lines(width: width, glyphs: glyphs, now: now)
        case let .typing(prompt):
            return prompt.lines(width: width, glyphs: glyphs, now: now, isFresh: isFresh, lms: lms)
        case let .confirming(prompt, paths):
            return prompt.lines(width: width, glyphs: glyphs, now: now, isFresh: isFresh, lms: lms, question: question(about: paths, from: prompt, now: now))
        case .choosing, .writing, .linking, .confirmingContent, .queueingContent:
            return contentLines(width: width, glyphs: glyphs, now: now)
        }
    }

    /// The picker, while an assignment is being chosen.
    var picker: AssignmentPicker? {
        if case let .picking(picker) = stage { return picker }
        return nil
    }

    /// The prompt, while the files are being typed or the flow asks about them.
    var prompt: UploadPrompt? {
        switch stage {
        case .picking, .choosing, .writing, .linking, .confirmingContent, .queueingContent: return nil
        case let .typing(prompt), let .confirming(prompt, _): return prompt
        }
    }

    /// The files the flow asks about handing in, while it asks.
    var confirming: [LocalPath]? {
        if case let .confirming(_, paths) = stage { return paths }
        return nil
    }

    /// The files of `jobs` as a sentence names them: one by its name, more by their count.
    static func names(_ jobs: [UploadJob]) -> String {
        let files = jobs.flatMap(\.files)
        return files.count == 1 ? files[0].name : "\(files.count) files"
    }
}
