import FoundationEssentials

/// Dates as iCalendar writes them (RFC 5545 §3.3.4, §3.3.5): a moment in UTC,
/// `20261203T235900Z`, or a day alone, `20261203`.
enum ICalendarDate {
    /// `date` in UTC, to the second.
    static func moment(_ date: Date) -> String {
        let parts = utcCalendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return day(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
            + "T" + digits(parts.hour ?? 0, 2) + digits(parts.minute ?? 0, 2) + digits(parts.second ?? 0, 2) + "Z"
    }

    /// A calendar day: `20261203`.
    static func day(year: Int, month: Int, day: Int) -> String {
        digits(year, 4) + digits(month, 2) + digits(day, 2)
    }

    /// The day after `year`-`month`-`day`, as `day(year:month:day:)` writes it: where an all-day
    /// item's DTEND falls, as DTEND is the first day the event no longer covers.
    static func dayAfter(year: Int, month: Int, day: Int) -> String {
        let noon = utcCalendar.date(from: DateComponents(year: year, month: month, day: day, hour: 12))
        guard let next = noon?.addingTimeInterval(86_400) else { return Self.day(year: year, month: month, day: day + 1) }
        let parts = utcDay(next)
        return Self.day(year: parts.year, month: parts.month, day: parts.day)
    }

    /// The UTC calendar day `date` falls on.
    static func utcDay(_ date: Date) -> (year: Int, month: Int, day: Int) {
        let parts = utcCalendar.dateComponents([.year, .month, .day], from: date)
        return (parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1)
    }

    /// Whether `date` is exactly midnight UTC, as Canvas's plain dates (`2026-12-03`) are read.
    static func isUTCMidnight(_ date: Date) -> Bool {
        let seconds = date.timeIntervalSince1970
        return seconds.truncatingRemainder(dividingBy: 86_400) == 0
    }

    private static let utcCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        return calendar
    }()

    private static func digits(_ value: Int, _ count: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, count - text.count)) + text
    }
}
