import FoundationEssentials

/// Dates the way a person reads them in a narrow column, in the local time zone.
package enum DateText {
    /// `Mon 7 Dec 08:00`, in the local time zone unless `timeZone` names another.
    package static func short(_ date: Date, timeZone: TimeZone? = nil) -> String {
        let parts = timeZone.map { LocalTime(date, timeZone: $0) } ?? LocalTime(date)
        let weekday = weekdays[(parts.weekday - 1) % 7]
        let month = months[(parts.month - 1) % 12]
        return "\(weekday) \(parts.day) \(month) \(parts.clockText)"
    }

    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
}

extension DateText {
    /// How long ago `date` was, for a saved copy's age: `just now`, `5 min ago`, `3 h ago`, `2 days ago`.
    static func age(of date: Date, now: Date) -> String {
        let seconds = max(0, now.timeIntervalSince(date))
        if seconds < 60 { return "just now" }
        if seconds < 3_600 { return "\(Int(seconds / 60)) min ago" }
        if seconds < 48 * 3_600 { return "\(Int(seconds / 3_600)) h ago" }
        return "\(Int(seconds / 86_400)) days ago"
    }

    /// When something is due, relative while it is near: `due in 3 h`, `was due 2 days ago`,
    /// `due Fri 15 Dec 23:59`.
    package static func due(_ date: Date, now: Date, timeZone: TimeZone? = nil) -> String {
        let seconds = date.timeIntervalSince(now)
        let ahead = abs(seconds)
        let amount: String
        if ahead < 3_600 {
            amount = "\(max(1, Int(ahead / 60))) min"
        } else if ahead < 48 * 3_600 {
            amount = "\(Int(ahead / 3_600)) h"
        } else if seconds < 0 {
            amount = "\(Int(ahead / 86_400)) days"
        } else {
            return "due " + short(date, timeZone: timeZone)
        }
        return seconds >= 0 ? "due in \(amount)" : "was due \(amount) ago"
    }
}
