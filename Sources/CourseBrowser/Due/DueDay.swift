import CourseKit
import FoundationEssentials

/// The heading a planner item is listed under: what the student has let slip first, then
/// each day in order, today and tomorrow by name.
enum DueDay: Equatable, Comparable {
    /// Past its date and not handed in, excused, graded or ticked done.
    case missing
    /// A calendar day on the user's wall clock, as a sortable `yyyymmdd`.
    case day(Int)

    /// Where `item` belongs at `now`.
    init(of item: PlannerItem, now: Date) {
        self = Self.isMissing(item, now: now) ? .missing : .day(Self.dayNumber(item.date))
    }

    /// Canvas's own missing flag, or a date passed with nothing handed in, no grade and no excuse.
    static func isMissing(_ item: PlannerItem, now: Date) -> Bool {
        guard let status = item.status else { return false }
        // Ticked done by the student (work on paper, in another tool): not theirs to chase.
        if item.isMarkedComplete { return false }
        // More time given, or the work asked for again: Canvas says when it is missing all the same.
        if status.isExtended { return false }
        if status.isMissing { return true }
        if status.isRedoRequested { return false }
        let settled = status.isSubmitted || status.isExcused || status.isGraded
        return item.date < now && !settled
    }

    /// `date`'s calendar day on the user's wall clock as `yyyymmdd`, which sorts as the days do.
    static func dayNumber(_ date: Date) -> Int {
        let time = LocalTime(date)
        return time.year * 10_000 + time.month * 100 + time.day
    }

    /// `Missing`, `Today`, `Tomorrow`, else the day as `Mon 7 Dec`.
    func heading(now: Date, sample: Date) -> String {
        switch self {
        case .missing:
            return "Missing"
        case let .day(number):
            if number == Self.dayNumber(now) { return "Today" }
            if number == Self.dayNumber(now.addingTimeInterval(86_400)) { return "Tomorrow" }
            return DateText.day(sample, now: now)
        }
    }
}
