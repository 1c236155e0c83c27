import CourseKit

extension AppShell {
    /// Tells, once each, of new grades, new announcements and work due within a day, from an
    /// answer of the planner, when nobody is looking at the terminal.
    ///
    /// With the terminal in front of the user, what is new is only recorded as told: the Due
    /// pane shows it, and news seen on screen should not pop up later when they look away.
    func tellWhatIsDue(_ items: [PlannerItem]) {
        let now = clock.now()
        let previous = notificationLog.load()
        let review = DueNotices(items, since: previous, now: now, keptSince: now.addingTimeInterval(-DueState.lookBack))
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
