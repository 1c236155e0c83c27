import CourseKit
import FoundationEssentials
import TerminalUI

/// A to-do change made from the Due pane, shown on the list at once and until the planner says the same.
struct DueNoteChange: Equatable {
    /// Names the change before it has a job.
    var token: String
    var note: UploadJob.PlannerNote
    /// The listed note changed or removed; nil for one added.
    var itemID: String?
    var jobID: String?
    var stage = DueMark.Stage.sending

    /// The ID of the row an added to-do shows as until the planner lists it.
    var localID: String { "local:" + token }

    var rowNote: String? {
        stage.rowNote(failed: "to-do not sent")
    }
}

extension DueState {
    /// `items` as the to-do changes made here leave them: added ones listed, changed ones
    /// changed, removed ones gone; a change the queue gave up on leaves them as they were, but
    /// an added to-do stays listed, saying it was not sent.
    func applyingNotes(_ items: [PlannerItem]) -> [PlannerItem] {
        guard !noteChanges.isEmpty else { return items }
        var listed = items
        for change in noteChanges {
            let failed = change.stage.hasFailed
            switch change.note.action {
            case .add:
                listed.append(PlannerItem(
                    id: change.localID, kind: .plannerNote, title: change.note.title, courseID: change.note.courseID, date: change.note.date
                ))
            case .edit where !failed:
                if let index = listed.firstIndex(where: { $0.id == change.itemID }) {
                    listed[index].title = change.note.title
                    listed[index].date = change.note.date
                }
            case .delete where !failed:
                listed.removeAll { $0.id == change.itemID }
            case .edit, .delete:
                break
            }
        }
        return listed
    }

    /// What a row says of a to-do change on its way, or why it stopped.
    func noteChangeNote(for item: PlannerItem) -> String? {
        noteChanges.last { $0.localID == item.id || $0.itemID == item.id }?.rowNote
    }

    /// Why `a`, `e` or `d` can't act now, or nil when they can.
    func noteRefusal(for action: Action) -> String? {
        if let refusal = plannerMarkRefusal { return refusal }
        guard action != .addNote else { return nil }
        guard let item = selectedItem, let id = NotePrompt.noteID(of: item) else { return "Select a to-do of your own (a note) first" }
        if noteChanges.contains(where: { $0.note.noteID == id && $0.stage == .sending }) { return "\(item.title) is being sent" }
        return nil
    }

    /// The courses of the rows listed, by their code as the rows show it: the selected row's first.
    var noteCourses: [NotePrompt.CourseChoice] {
        var seen: Set<CourseID> = []
        let items = (selectedItem.map { [$0] } ?? []) + groups.items
        return items.compactMap { item in
            guard let id = item.courseID, seen.insert(id).inserted else { return nil }
            return NotePrompt.CourseChoice(id: id, name: DueRow.courseText(item))
        }
    }

    mutating func openNotePrompt(_ action: Action) {
        guard noteRefusal(for: action) == nil else { return }
        switch action {
        case .addNote: notePrompt = .adding(courses: noteCourses, forFirst: selectedItem?.courseID != nil)
        case .editNote: notePrompt = selectedItem.map(NotePrompt.editing)
        case .removeNote: notePrompt = selectedItem.map(NotePrompt.removing)
        default: break
        }
        notice = nil
    }

    /// Passes `key` to the open question; queues the change it answers.
    mutating func answerNotePrompt(_ key: Key, now: Date) -> [Effect] {
        guard var prompt = notePrompt else { return [] }
        switch prompt.handle(key, now: now) {
        case .asking:
            notePrompt = prompt
            return []
        case .cancelled:
            notePrompt = nil
            return []
        case let .answered(note):
            notePrompt = nil
            nextNoteToken += 1
            let change = DueNoteChange(token: String(nextNoteToken), note: note, itemID: prompt.note?.id)
            noteChanges.append(change)
            regroup(now: now)
            let verb = switch note.action {
            case .add: "Added"
            case .edit: "Changed"
            case .delete: "Removed"
            }
            notice = Notice(text: "\(verb) the to-do “\(note.title)”", isNote: true)
            return [.note(note, token: change.token)]
        }
    }

    /// Records what became of queueing a to-do change.
    mutating func noteQueued(_ token: String, job: String?, problem: String?, now: Date) {
        guard let index = noteChanges.firstIndex(where: { $0.token == token }) else { return }
        if let problem {
            noteChanges.remove(at: index)
            notice = Notice(text: "Couldn't queue the to-do: \(problem)", isProblem: true)
        } else {
            noteChanges[index].jobID = job
        }
        regroup(now: now)
    }

    /// Follows a to-do change's job: once it is sent the planner is read again, which lists it.
    mutating func noteJobChanged(_ change: UploadChange, now: Date) -> [Effect] {
        guard let index = noteChanges.firstIndex(where: { $0.jobID == change.jobID }) else { return [] }
        var effects: [Effect] = []
        switch change {
        case .removed:
            noteChanges.remove(at: index)
        case let .updated(job):
            noteChanges[index].stage = DueMark.Stage(job.state)
            // Once sent, the planner is read again, which lists it.
            if job.state == .done { effects = [.reload(keepingValue: true)] }
        }
        regroup(now: now)
        return effects
    }

    /// Lets go of the changes the planner, read after they were sent, now shows.
    mutating func settleNotes() {
        noteChanges.removeAll { $0.stage == .sent }
    }
}
