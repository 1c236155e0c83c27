import CourseKit
import FoundationEssentials

extension AppShell {
    /// Applies one event to what is told outside the screen, and performs what that asks.
    func updateNotices(_ event: NoticeState.Event) {
        for effect in notices.update(event) {
            switch effect {
            case let .notify(title, body): notifier.notify(title, body)
            case let .recordTold(record): notificationLog.save(record)
            case .retryCutOffPanes: retryFailedPanes()
            }
        }
    }

    /// Hears a change of the queue: a finished or failed job is told while nobody looks.
    func announce(_ change: UploadChange) {
        updateNotices(.queueChanged(change))
    }

    /// Hears an answer of the planner for `window`: what is new in it is told while nobody looks.
    func tellWhatIsDue(_ items: [PlannerItem], covering window: DateInterval) {
        updateNotices(.plannerAnswered(items, window: window, told: notificationLog.load(), now: clock.now()))
    }
}
