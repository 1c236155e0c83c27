import CourseKit
import FoundationEssentials

extension AppShell {
    /// Tells, once each, of new grades, new announcements and work due within a day, from an
    /// answer of the planner, when nobody is looking at the terminal.
    ///
    /// With the terminal in front of the user, what is new is only recorded as told: the Due
    /// pane shows it, and news seen on screen should not pop up later when they look away.
    /// Only what is dated before the answered `window` is forgotten: an answer for dates asked
    /// for days ago still holds items the clock alone would call too old to keep.
    func tellWhatIsDue(_ items: [PlannerItem], covering window: DateInterval) {
        let previous = notificationLog.load()
        let review = DueNotices(items, since: previous, now: clock.now(), keptSince: window.start)
        if !terminalFocused {
            for notice in review.notices {
                notifier.notify(notice.title, notice.body)
            }
        }
        if review.record != previous {
            notificationLog.save(review.record)
        }
    }
}
