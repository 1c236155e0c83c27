import CourseKit
import FoundationEssentials
import HTMLText
import TerminalUI

extension CourseDetailState: PaneState, BoundKeys {
    enum Event: PaneEvent {
        case key(Key)
        case resize(PaneSize)
        case mouse(MouseEvent)
        /// Show this course, loading everything about it; with `selecting`, select that
        /// assignment, or select and open that discussion, once it is shown.
        case show(CourseID, selecting: CourseFocus? = nil)
        /// A step of one section's load.
        case section(SectionAnswer)
        /// More of the syllabus was converted: these blocks follow those shown; `more`: the rest is
        /// still to come, `read` of its HTML (0 to 1) read so far.
        case syllabusPart([TextBlock], more: Bool, read: Double = 1)
        /// The syllabus was wrapped off the main actor for this width, glyphs and version.
        case syllabusWrapped(SyllabusRows, SyllabusLines.Key)
        /// The replies to a discussion of `course` arrived, or why not.
        case thread(String, course: CourseID, Result<[DiscussionEntry], any Error>)
        /// The replies to a discussion of `course` couldn't be loaded, for `failure`: these were saved.
        case savedThread(String, course: CourseID, Saved<[DiscussionEntry]>, failure: any Error)
        /// The backend answered marking a discussion's replies read: nil, done, else why not.
        case topicMarkedRead(String, entries: [String], course: CourseID, failure: (any Error)?)
        /// Which files of `course` have a current downloaded copy, and the course's download jobs in the queue.
        case downloadsChecked(localCopies: [String: LocalPath], jobs: [UploadJob], course: CourseID)
        /// The queue answered a batch of downloads `d` asked for.
        case downloadsQueued(Result<DownloadBatch.Outcome, any Error>, batch: DownloadBatch)
        /// How far each job being sent has got, by job ID.
        case downloadProgress([String: UploadProgress])
        /// The browser was asked to open a file's downloaded copy: what became of it.
        case localCopyOpened(WebBrowser.Outcome, name: String, path: LocalPath)
        /// The backend answered marking an announcement of `course` read: nil, done, else why not.
        case markedRead(String, course: CourseID, failure: (any Error)?)
        /// What came of an effect of the hand-in flow: what the queue took, what the editor left.
        case handInAnswered(HandInFlow.Event)
        /// What came of an effect of the reply being written: what the editor left, what the queue took.
        case replyAnswered(ReplyFlow.Event)
        /// The upload queue changed a job: a submission from this pane may have been handed in.
        case uploadChanged(UploadChange)
        /// The browser was asked to open a page: what became of it.
        case browserAnswered(WebBrowser.Outcome, page: WebPage)
        /// A minute has passed since the lines were laid out: "due in 45 min" moves on.
        case minutePassed
        /// What the student saw of the course when they last looked, as kept under the ID `of`;
        /// nil: they never did.
        case seenBefore(SeenCourse?, of: CourseID)
        /// Time to read every section again behind what it shows, or to try again what failed.
        case refresh

        var pressedKey: Key? {
            if case let .key(key) = self { return key }
            return nil
        }

        /// The step `event` of the load of the section at `path`.
        static func loaded<S: CourseSection>(_ path: WritableKeyPath<CourseDetailState, S>, _ event: LoadEvent<S.Value>) -> Self {
            .section(SectionAnswer(path, event))
        }
    }

    enum Effect: Equatable {
        /// Load every section of this course, showing what was saved of it meanwhile.
        case load(CourseID)
        /// Load a section that failed again; with `keepingValue`, behind what it shows.
        case reload(CourseSectionKind, keepingValue: Bool)
        /// Read a section again behind what it shows, unless that is under way.
        case refresh(CourseSectionKind)
        /// Tell the backend the announcement with this ID was read.
        case markRead(String)
        /// Load the replies to the discussion with this ID, and answer with `thread`.
        case loadThread(String)
        /// Tell the backend these replies to the discussion were read, and answer with `topicMarkedRead`.
        case markTopicRead(String, entries: [String])
        case openInBrowser(WebPage)
        case copyToClipboard(String)
        case track(AnalyticsEvent)
        /// Tell the host the course arrived, with the backend's own form of its ID.
        case courseLoaded(Course)
        /// Tell the host the student asked to go back to the courses.
        case back
        /// What the hand-in flow wants done.
        case handIn(HandInFlow.Effect)
        /// What the reply being written wants done.
        case reply(ReplyFlow.Effect)
        /// Read what the student saw of the course as kept under this ID, and answer with `seenBefore`.
        case readSeen(CourseID)
        /// Keep this as what the student saw of the course, and tell the host they looked.
        case recordSeen(CourseID, SeenCourse)
        /// Ask the queue which of these files have a current downloaded copy, and for the course's
        /// download jobs; answer with `downloadsChecked`.
        case checkDownloads([CourseFile])
        /// Queue these downloads, and answer with `downloadsQueued`.
        case enqueueDownloads(DownloadBatch)
        /// Ask how far the downloads have got, as often as the screen animates (true), or stop (false).
        case followDownloadProgress(Bool)
        /// Open a file's downloaded copy, with the program that opens web pages, which opens files too.
        case openLocalCopy(LocalPath, name: String)
        /// Wrap these blocks for this width and glyphs off the main actor, and answer with
        /// `syllabusWrapped`; a later one replaces it.
        case wrapSyllabus(SyllabusBlocks, SyllabusLines.Key)
        /// Stop the syllabus's wrap under way: its lines are no longer wanted.
        case dropSyllabusWrap
    }

    mutating func update(_ event: Event, now: Date) -> [Effect] {
        let wasDownloading = files.downloads.isDownloading
        var effects = apply(event, now: now)
        handIn?.isFresh = assignments.isFresh
        layout(now: now)
        if let wrap = syllabus.takeWrapRequest() {
            effects.append(wrap)
        }
        if files.downloads.isDownloading != wasDownloading {
            effects.append(.followDownloadProgress(files.downloads.isDownloading))
        }
        return effects
    }

    private mutating func apply(_ event: Event, now: Date) -> [Effect] {
        switch event {
        case let .key(key): return handle(key, now: now)
        case let .resize(size): resize(size)
        case let .mouse(event): handleMouse(event)
        case let .show(id, focus): return open(id, selecting: focus)
        case let .section(answer): return answer.apply(&self) + report(answer) + compareSeen(now: now)
        case let .syllabusPart(blocks, more, read): syllabus.receivePart(blocks, more: more, read: read, now: now)
        case let .syllabusWrapped(rows, key): syllabus.receiveWrapped(rows, key: key)
        case let .thread(topic, course, result):
            guard course == courseID else { return [] }
            return discussions.receiveThread(result, topic: topic, wantedItem: wantedItem)
        case let .savedThread(topic, course, copy, failure):
            guard course == courseID else { return [] }
            discussions.receiveSavedThread(copy, failure: failure, topic: topic, wantedItem: wantedItem)
        case let .topicMarkedRead(topic, entries, course, failure):
            guard course == courseID else { return [] }
            discussions.topicMarkedRead(topic, entries: entries, failure: failure)
        case let .downloadsChecked(copies, jobs, course):
            // An answer about a course no longer shown is dropped.
            guard course == downloadCourse || course == courseID else { return [] }
            files.receiveDownloads(localCopies: copies, jobs: jobs)
        case let .downloadsQueued(result, batch): receiveQueued(result, batch: batch)
        case let .downloadProgress(progress): files.downloads.progress = progress
        case let .localCopyOpened(outcome, name, path): notice = notice(opening: name, at: path, outcome: outcome)
        case let .markedRead(id, course, failure):
            guard course == courseID else { return [] }
            announcements.markedRead(id, failure: failure)
        case let .handInAnswered(answer): return updateHandIn(answer)
        case let .replyAnswered(answer): return updateReply(answer)
        case let .uploadChanged(change): return uploadChanged(change, now: now)
        case let .browserAnswered(outcome, page): notice = page.notice(for: outcome)
        case .minutePassed: break
        case let .seenBefore(record, id):
            assignments.seen.read(record, of: id)
            return compareSeen(now: now)
        case .refresh: return refreshEffects()
        }
        return []
    }

    /// Each section read again behind what it shows, and what failed to load tried again;
    /// none while the hand-in flow is open (its list of assignments would change under it).
    private func refreshEffects() -> [Effect] {
        guard courseID != nil, !isTyping else { return [] }
        return visitingSections(ReloadVisitor(.refresh)).effects
    }

    /// Shows `id`, unless it is on screen already and none of its sections failed to load;
    /// selects `focus` once it is shown, opening a discussion.
    private mutating func open(_ id: CourseID, selecting focus: CourseFocus?) -> [Effect] {
        var effects: [Effect] = []
        if id != courseID || hasSectionFailure {
            show(id)
            effects = [.load(id), .track(AnalyticsEvent(name: "course_opened", properties: ["course": id.rawValue]))]
        }
        wantedItem = focus?.itemID
        if case let .discussion(topic) = focus {
            discussions.reading.wanted = topic
            effects += discussions.openWanted()
        }
        return effects
    }

    /// A section's failure to load, for the analytics.
    private func report(_ answer: SectionAnswer) -> [Effect] {
        guard let error = answer.failure else { return [] }
        return [.track(.loadFailed(pane: "course", section: answer.kind.name, message: userMessage(for: error)))]
    }

    private mutating func handle(_ key: Key, now: Date) -> [Effect] {
        if handIn != nil {
            return updateHandIn(.key(key))
        }
        if reply != nil {
            return updateReply(.key(key))
        }
        if grades.prompt != nil {
            if let said = grades.answer(key) {
                notice = said
            }
            return []
        }
        let effects = press(key)
        // `s` opens the picker in `act`, which has no clock: it starts on what is due next from here.
        handIn?.preselect(now: now)
        return effects
    }

    mutating func act(_ action: Action, key: Key) -> [Effect] {
        switch action {
        case .move: moveCursor(step: key == .up || key == .character("k") ? -1 : 1)
        case .page: scroll(by: key == .pageUp ? -max(1, contentHeight) : max(1, contentHeight))
        case .ends: scroll(to: key == .home || key == .character("g") ? 0 : lines.count)
        case .selectItem: selectItem(step: key == .character("n") ? 1 : -1)
        case .back:
            // Esc undoes the innermost choice first: the item, then the course's place in focus.
            guard selectedItem == nil else {
                clearItemSelection()
                return []
            }
            return [.back]
        case .openInBrowser:
            if let file = selectedFile, let copy = files.downloads.localCopies[file.id] {
                return [.openLocalCopy(copy, name: file.name)]
            }
            return focusedPage.map { [.openInBrowser($0)] } ?? []
        case .download: return downloadSelected()
        case .copyAddress:
            guard let page = focusedPage, let url = page.url else { return [] }
            notice = page.copiedNotice
            return [.copyToClipboard(url.absoluteString)]
        case .upload:
            handIn = courseID.map { HandInFlow.upload(to: $0, home: home) }
        case .handIn:
            guard let courseID else { return [] }
            handIn = HandInFlow.handIn(
                to: courseID, assignments: assignments.load, isFresh: assignments.isFresh, home: home, lms: capabilities.lmsName,
                takesContent: capabilities.takesContent
            )
        case .retry:
            return visitingSections(ReloadVisitor(.retry)).effects + announcements.retryMarkingRead() + discussions.retryMarkingRead()
                + discussions.retryThreads() + [.track(.retryPressed(pane: "course"))]
        case .read: return readSelectedItem()
        case .reply: return startReply()
        case .whatIf: askAboutGrade(.whatIf)
        case .clearWhatIf: notice = grades.clearWhatIf()
        case .needed: askAboutGrade(.target)
        }
        return []
    }

    /// Opens or folds the selected item whole, in the section whose item it is.
    private mutating func readSelectedItem() -> [Effect] {
        guard let selectedItem else { return [] }
        for slot in Self.slots {
            guard let reply = slot.read(&self, selectedItem) else { continue }
            if let item = reply.select {
                wantedItem = item
            }
            if let file = reply.showFile {
                showFile(file)
            }
            return reply.effects
        }
        return []
    }

    /// Opens a grade question about the assignment selected under Grades.
    private mutating func askAboutGrade(_ purpose: GradePrompt.Purpose) {
        grades.ask(purpose, item: selectedItem)
        if grades.prompt != nil {
            notice = nil
        }
    }

    /// The wheel scrolls; a click selects the assignment or module item under it. Not while typing.
    private mutating func handleMouse(_ event: MouseEvent) {
        guard !isTyping else { return }
        switch event.action {
        case .wheelUp: scroll(by: -3)
        case .wheelDown: scroll(by: 3)
        case .click: _ = selectItem(atRow: event.y)
        }
    }

    /// Passes `event` to the hand-in flow; closes it when it is over.
    private mutating func updateHandIn(_ event: HandInFlow.Event) -> [Effect] {
        HandInFlow.update(&handIn, with: event, notice: &notice).map(Effect.handIn)
    }

    /// Tells how a submission queued for this course ended, and reads the assignments again once one is handed in.
    private mutating func uploadChanged(_ change: UploadChange, now: Date) -> [Effect] {
        if let effects = downloadChanged(change) ?? replyChanged(change) {
            return effects
        }
        guard let news = HandInFlow.news(of: change, in: courseID, now: now) else { return [] }
        notice = news.notice
        return news.handedIn ? [.refresh(.assignments)] : []
    }
}
