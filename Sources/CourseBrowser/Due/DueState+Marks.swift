import CourseKit
import FoundationEssentials

extension DueState {
    /// `items` with the marks set here in place of what the planner said, while they stand.
    func marking(_ items: [PlannerItem]) -> [PlannerItem] {
        guard !marks.isEmpty else { return items }
        return items.map { item in
            guard let mark = marks[item.id], !mark.hasFailed else { return item }
            var marked = item
            marked.isMarkedComplete = mark.isDone
            return marked
        }
    }

    /// Why `x` can't mark `item`, or nil when it can.
    func markRefusal(for item: PlannerItem?) -> String? {
        guard let item else { return "Nothing is selected" }
        if let refusal = plannerMarkRefusal { return refusal }
        if case .other = item.kind { return "\(lms) can't mark \(item.title) done" }
        if let mark = marks[item.id], mark.stage == .sending, mark.jobID == nil { return "\(item.title) is being queued" }
        return nil
    }

    /// Sets the selected item's mark the other way from how its row shows it, and asks to queue it.
    ///
    /// The selection stays where it was, on the row that takes the marked one's place, so a run
    /// of missing work is ticked off with `x` after `x`.
    mutating func toggleMark() -> [Effect] {
        guard let item = selectedItem, let place = selection, markRefusal(for: item) == nil else { return [] }
        let done = !item.isMarkedComplete
        marks[item.id] = DueMark(isDone: done)
        regroup(now: groupedAt)
        select(place)
        notice = Notice(text: (done ? "Marked done: " : "Marked not done: ") + item.title, isNote: true)
        guard let original = planner.value?.first(where: { $0.id == item.id }) else { return [] }
        return [.mark(original, done: done)]
    }

    /// Records what became of queueing a mark.
    mutating func markQueued(_ itemID: String, job: String?, problem: String?, now: Date) {
        guard var mark = marks[itemID] else { return }
        if let problem {
            marks[itemID] = nil
            notice = Notice(text: "Couldn't queue the mark: \(problem)", isProblem: true)
        } else {
            mark.jobID = job
            marks[itemID] = mark
        }
        regroup(now: now)
    }

    /// Follows a mark's job through the queue: sent, failed for good, or removed.
    mutating func markJobChanged(_ change: UploadChange, now: Date) {
        guard let itemID = marks.first(where: { $0.value.jobID == change.jobID })?.key, var mark = marks[itemID] else { return }
        switch change {
        case .removed:
            marks[itemID] = nil
        case let .updated(job):
            mark.stage = DueMark.Stage(job.state)
            marks[itemID] = mark
        }
        regroup(now: now)
    }

    /// Lets go of the marks the planner now shows as they were set.
    mutating func settleMarks(with items: [PlannerItem]) {
        let byID = Dictionary(items.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        marks = marks.filter { id, mark in
            guard mark.stage == .sent else { return true }
            return byID[id].map { $0.isMarkedComplete != mark.isDone } ?? false
        }
    }
}
