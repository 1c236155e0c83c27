import CourseKit
import FoundationEssentials

/// What the app tells outside its screen (a desktop notification) while nobody looks at the
/// terminal: a hand-in or upload that ended, and from each answer of the planner, new grades,
/// new announcements and work due within a day, each once.
///
/// A state, one `update`, effects the shell performs, as a pane's: the shell itself only lays
/// out, focuses and routes.
struct NoticeState: Equatable {
    /// Whether the terminal window is in front; one that never reports focus counts as focused.
    private(set) var terminalFocused = true

    enum Event {
        /// The terminal came to the front (true) or went behind another window.
        case terminalFocus(Bool)
        /// A job of the queue changed.
        case queueChanged(UploadChange)
        /// An answer of the planner for the dates of `window`, with the record of what was told
        /// before it, at `now`.
        case plannerAnswered([PlannerItem], window: DateInterval, told: NotificationRecord?, now: Date)
    }

    enum Effect: Equatable {
        case notify(title: String, body: String)
        /// Keep this as the record of what was told.
        case recordTold(NotificationRecord)
        /// A job was sent, so the backend answers again: the panes cut off from it try again.
        case retryCutOffPanes
    }

    mutating func update(_ event: Event) -> [Effect] {
        switch event {
        case let .terminalFocus(focused):
            terminalFocused = focused
            return []
        case let .queueChanged(change):
            return noticesOf(change)
        case let .plannerAnswered(items, window, told, now):
            return noticesOfPlanner(items, window: window, told: told, now: now)
        }
    }

    /// A finished or permanently failed job, told when nobody is looking at the screen.
    private func noticesOf(_ change: UploadChange) -> [Effect] {
        guard case let .updated(job) = change else { return [] }
        let retry: [Effect] = job.state == .done ? [.retryCutOffPanes] : []
        guard !terminalFocused else { return retry }
        switch job.state {
        case .done:
            if let plan = job.submission {
                return retry + [.notify(title: "Handed in", body: "\(plan.assignmentName): \(job.submittedSummary ?? "submitted"), \(job.fileName)")]
            }
            return retry + [.notify(title: "Upload finished", body: "\(job.fileName) is in course \(job.courseID)")]
        case let .failed(reason):
            return [.notify(title: job.isSubmission ? "Submission failed" : "Upload failed", body: "\(job.fileName): \(reason)")]
        case .queued, .uploading, .waiting, .damaged:
            return []
        }
    }

    /// New grades, new announcements and work due within a day, each told once, from an answer
    /// of the planner.
    ///
    /// With the terminal in front of the user, what is new is only recorded as told: the Due
    /// pane shows it, and news seen on screen should not pop up later when they look away.
    /// Only what is dated before the answered `window` is forgotten: an answer for dates asked
    /// for days ago still holds items the clock alone would call too old to keep.
    private func noticesOfPlanner(_ items: [PlannerItem], window: DateInterval, told: NotificationRecord?, now: Date) -> [Effect] {
        let review = DueNotices(items, since: told, now: now, keptSince: window.start)
        var effects: [Effect] = terminalFocused ? [] : review.notices.map { .notify(title: $0.title, body: $0.body) }
        if review.record != told {
            effects.append(.recordTold(review.record))
        }
        return effects
    }
}
