import CourseKit
import FoundationEssentials
import TerminalUI

extension DueState: SettlingState, BoundKeys {
    enum Event: PaneEvent {
        case key(Key)
        case resize(PaneSize)
        case mouse(MouseEvent)
        /// Start loading what is due, showing what was saved of it meanwhile.
        case start
        /// Time to bring what is shown up to date, behind it; or to try again what failed.
        case refresh
        /// A minute has passed since the items were grouped: what was due may be missing now, and today yesterday.
        case minutePassed
        case planner(LoadEvent<[PlannerItem]>)
        /// The assignments of the course `s` was pressed in, to find the one to hand in to.
        case assignments(LoadEvent<[Assignment]>)
        /// What came of an effect of the hand-in flow: what the queue took, what the editor left.
        case handInAnswered(HandInFlow.Event)
        /// The upload queue changed a job: a hand-in from this pane may be done.
        case uploadChanged(UploadChange)
        /// The browser was asked to open an item's page: what became of it.
        case browserAnswered(WebBrowser.Outcome, page: WebPage)
        /// Courses the course list loaded: their codes name items the planner left without one.
        case courses([Course])
        /// A done mark went into the queue as this job, or could not, for this reason.
        case markQueued(itemID: String, job: String?, problem: String?)
        /// A to-do change went into the queue as this job, or could not, for this reason.
        case noteQueued(token: String, job: String?, problem: String?)

        var pressedKey: Key? {
            if case let .key(key) = self { return key }
            return nil
        }
    }

    enum Effect: Equatable {
        /// Load every planner item dated from `start` up to `end`, showing what was saved meanwhile.
        case load(start: Date, end: Date)
        /// Load them again for a window that moved on, behind what is shown.
        case refresh(start: Date, end: Date)
        /// The planner answered: the items, for the host to tell about what is new.
        case answered([PlannerItem])
        /// Load them again; with `keepingValue`, behind what is shown.
        case reload(keepingValue: Bool)
        /// Load the assignments of this course, to hand in to one of them.
        case loadAssignments(CourseID)
        /// Tell the host the user opened this course, on the assignment or discussion of the row, if any.
        case open(CourseID, focus: CourseFocus?)
        case openInBrowser(WebPage)
        case copyToClipboard(String)
        case track(AnalyticsEvent)
        /// What the hand-in flow wants done.
        case handIn(HandInFlow.Effect)
        /// Queue marking this item done, or not done.
        case mark(PlannerItem, done: Bool)
        /// Queue this change to a to-do of the student's own, named `token` until it is queued.
        case note(UploadJob.PlannerNote, token: String)
    }

    mutating func apply(_ event: Event, now: Date) -> [Effect] {
        switch event {
        case let .key(key): return notePrompt != nil ? answerNotePrompt(key, now: now) : handle(key)
        case let .resize(size): resize(size)
        case let .mouse(event): return handleMouse(event)
        case .start: return [.load(start: now.addingTimeInterval(-Self.lookBack), end: now.addingTimeInterval(Self.lookAhead))]
        case .refresh: return refresh(now: now)
        case .minutePassed: regroup(now: now)
        case let .planner(event): return receive(event, now: now)
        case let .assignments(event): return receiveAssignments(event)
        case let .handInAnswered(answer):
            if case let .queued(outcome) = answer {
                queuedJobs.formUnion(outcome.jobs.map(\.id))
            }
            return updateHandIn(answer)
        case let .uploadChanged(change):
            markJobChanged(change, now: now)
            return noteJobChanged(change, now: now) + uploadChanged(change, now: now)
        case let .markQueued(itemID, job, problem): markQueued(itemID, job: job, problem: problem, now: now)
        case let .noteQueued(token, job, problem): noteQueued(token, job: job, problem: problem, now: now)
        case let .browserAnswered(outcome, page): notice = page.notice(for: outcome)
        case let .courses(courses): if learnCodes(of: courses) { regroup(now: now) }
        }
        return []
    }

    private mutating func receive(_ event: LoadEvent<[PlannerItem]>, now: Date) -> [Effect] {
        switch event {
        case let .restored(items, savedAt):
            // A copy saved long ago holds days the window has left.
            let window = now.addingTimeInterval(-Self.lookBack)...now.addingTimeInterval(Self.lookAhead)
            planner.apply(.restored(items.filter { window.contains($0.date) }, savedAt: savedAt))
            regroup(now: now)
            return []
        case .started, .waiting:
            planner.apply(event)
            return []
        case let .finished(result):
            planner.apply(event)
            if case let .success(items) = result {
                settleMarks(with: items)
                settleNotes()
            }
            refreshFailedAt = planner.refreshFailure == nil ? nil : now
            regroup(now: now)
            switch result {
            case let .success(items): return [.answered(items)]
            case let .failure(error): return [.track(.loadFailed(pane: "due", section: "planner", message: userMessage(for: error)))]
            }
        }
    }

    /// Reads the planner again for the window as it stands now, behind what is shown; what
    /// failed to load at all is tried again; nothing while a load is on its way.
    private func refresh(now: Date) -> [Effect] {
        if planner.isLoading || planner.isRefreshing {
            return []
        }
        switch planner.phase {
        case .idle:
            return []
        case .failed:
            return [.reload(keepingValue: false)]
        case .loading, .loaded:
            return [.refresh(start: now.addingTimeInterval(-Self.lookBack), end: now.addingTimeInterval(Self.lookAhead))]
        }
    }

    private mutating func handle(_ key: Key) -> [Effect] {
        if handIn != nil {
            return updateHandIn(.key(key))
        }
        return press(key)
    }

    mutating func act(_ action: Action, key: Key) -> [Effect] {
        switch action {
        case .move:
            let page = max(1, list.height - 1)
            if let target = ListMotion.target(of: key == .character(" ") ? .pageDown : key, from: selection ?? 0, count: groups.items.count, page: page) {
                select(target)
            }
        case .open:
            guard let item = selectedItem, let course = item.courseID else { return [] }
            return [.open(course, focus: CourseFocus(item))]
        case .handIn:
            guard let item = selectedItem, let course = item.courseID, let assignment = item.assignmentID else { return [] }
            handInTarget = HandInTarget(course: course, assignmentID: assignment)
            return [.loadAssignments(course)]
        case .openInBrowser:
            return selectedPage.map { [.openInBrowser($0)] } ?? []
        case .copyAddress:
            guard let page = selectedPage, let url = page.url else { return [] }
            notice = page.copiedNotice
            return [.copyToClipboard(url.absoluteString)]
        case .markDone:
            return toggleMark()
        case .addNote, .editNote, .removeNote:
            openNotePrompt(action)
        case .retry:
            return [.reload(keepingValue: planner.value != nil), .track(.retryPressed(pane: "due"))]
        }
        return []
    }

    /// Opens the flow straight at the assignment once it is found and takes something that can
    /// be handed in from here; else says why, as the flow's own picker would.
    private mutating func receiveAssignments(_ event: LoadEvent<[Assignment]>) -> [Effect] {
        guard var target = handInTarget else { return [] }
        target.assignments.apply(event)
        handInTarget = target
        guard case let .finished(result) = event else { return [] }
        handInTarget = nil
        switch result {
        case let .failure(error):
            notice = Notice(text: "Couldn't load the assignments (\(userMessage(for: error))); press s to try again", isProblem: true)
        case let .success(assignments):
            guard let assignment = assignments.first(where: { $0.id == target.assignmentID }) else {
                notice = Notice(text: "The course no longer lists this assignment", isProblem: true)
                return []
            }
            if let refusal = assignment.handInRefusal(takesContent: takesContent) {
                notice = Notice(text: refusal, isProblem: true)
                return []
            }
            let (flow, effects) = HandInFlow.handIn(to: target.course, picked: assignment, home: home, lms: lms, takesContent: takesContent)
            handIn = flow
            return effects.map(Effect.handIn)
        }
        return []
    }

    /// A click selects the item under it and opens it when it was already selected; the wheel moves the selection.
    private mutating func handleMouse(_ event: MouseEvent) -> [Effect] {
        guard !isTyping else { return [] }
        switch event.action {
        case .wheelUp, .wheelDown:
            select(max(0, (selection ?? 0) + (event.action == .wheelUp ? -3 : 3)))
        case .click:
            let row = list.offset + event.y - headerLines(width: textWidth, glyphs: size.glyphs, now: .distantPast).count
            guard event.y >= 0, row >= list.offset, row < list.offset + list.height, groups.rows.indices.contains(row),
                  case let .item(index) = groups.rows[row]
            else { return [] }
            if index == selection {
                return handle(.enter)
            }
            notice = nil
            select(index)
        }
        return []
    }

    /// Passes `event` to the hand-in flow; closes it when it is over.
    private mutating func updateHandIn(_ event: HandInFlow.Event) -> [Effect] {
        HandInFlow.update(&handIn, with: event, notice: &notice).map(Effect.handIn)
    }

    /// Tells how a hand-in from this pane ended, and reads the planner again once any hand-in to
    /// an item listed here is in, wherever it was made, so its row shows it.
    private mutating func uploadChanged(_ change: UploadChange, now: Date) -> [Effect] {
        guard case let .updated(job) = change else { return [] }
        if queuedJobs.contains(job.id), let news = HandInFlow.news(of: change, in: job.courseID, now: now) {
            notice = news.notice
            return news.handedIn ? [.reload(keepingValue: true)] : []
        }
        return lists(handedIn: job) ? [.reload(keepingValue: true)] : []
    }

    /// Whether `job` is a hand-in that is in, to an assignment this pane lists.
    private func lists(handedIn job: UploadJob) -> Bool {
        guard job.state == .done, let plan = job.submission, let items = planner.value else { return false }
        return items.contains { $0.courseID == job.courseID && $0.assignmentID == plan.assignmentID }
    }
}
