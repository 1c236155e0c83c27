import FoundationEssentials

/// Dates the way a person reads them in a narrow column, in the local time zone.
package enum DateText {
    /// How far from now a date may be and still leave out its year: about six months, so
    /// that a date a year ahead never reads like next week's.
    static let yearLeftOutWithin: TimeInterval = 182 * 86_400

    /// `Mon 7 Dec 08:00`, or `Mon 7 Dec 2027 08:00` when more than about six months from
    /// `now`; in the local time zone unless `timeZone` names another.
    package static func short(_ date: Date, now: Date, timeZone: TimeZone? = nil) -> String {
        let parts = timeZone.map { LocalTime(date, timeZone: $0) } ?? LocalTime(date)
        return day(parts, far: abs(date.timeIntervalSince(now)) > yearLeftOutWithin) + " " + parts.clockText
    }

    /// `Mon 7 Dec`, or `Mon 7 Dec 2027` when more than about six months from `now`, in the local time zone.
    static func day(_ date: Date, now: Date) -> String {
        day(LocalTime(date), far: abs(date.timeIntervalSince(now)) > yearLeftOutWithin)
    }

    private static func day(_ parts: LocalTime, far: Bool) -> String {
        let weekday = weekdays[(parts.weekday - 1) % 7]
        let month = months[(parts.month - 1) % 12]
        return "\(weekday) \(parts.day) \(month)" + (far ? " \(parts.year)" : "")
    }

    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
}

extension DateText {
    /// How long ago `date` was, for a saved copy's age: `just now`, `5 min ago`, `3 h ago`,
    /// `2 days ago`, and past about six months the day itself: `on Mon 3 Nov 2025 09:00`.
    static func age(of date: Date, now: Date) -> String {
        let seconds = max(0, now.timeIntervalSince(date))
        if seconds < 60 { return "just now" }
        if seconds <= yearLeftOutWithin { return amount(seconds) + " ago" }
        return "on " + short(date, now: now)
    }

    /// A length of time as the dates say it: `12 min` (at least 1), `3 h` within two days, else `5 days`.
    static func amount(_ seconds: TimeInterval) -> String {
        // Capped at about three thousand years, so a far date can't become a number too large to hold.
        let seconds = min(max(0, seconds), 1e11)
        if seconds < 3_600 { return "\(max(1, Int(seconds / 60))) min" }
        if seconds < 48 * 3_600 { return "\(Int(seconds / 3_600)) h" }
        return "\(Int(seconds / 86_400)) days"
    }

    /// When something is due, relative while it is near: `due in 3 h`, `was due 2 days ago`,
    /// `due Fri 15 Dec 23:59`.
    package static func due(_ date: Date, now: Date, timeZone: TimeZone? = nil) -> String {
        relative(date, now: now, timeZone: timeZone, ahead: "due", past: "was due")
    }

    /// When an assignment closes to hand-ins: `locks in 2 h`, `locked 3 days ago`, `locks Wed 1 Dec 23:59`.
    package static func locks(_ date: Date, now: Date, timeZone: TimeZone? = nil) -> String {
        relative(date, now: now, timeZone: timeZone, ahead: "locks", past: "locked")
    }

    /// When something opens: `opens in 5 h`, `opens Thu 1 Apr 2027 00:00`.
    package static func opens(_ date: Date, now: Date, timeZone: TimeZone? = nil) -> String {
        relative(date, now: now, timeZone: timeZone, ahead: "opens", past: "opened")
    }

    /// `<ahead> in 3 h` and `<past> 3 h ago` within two days, `<past> 5 days ago` within
    /// about six months back, else the day: `<ahead> Fri 15 Dec 23:59`.
    ///
    /// Amounts are counted only where they are small, so no date, however far, is turned
    /// into a number too large to hold.
    private static func relative(_ date: Date, now: Date, timeZone: TimeZone?, ahead: String, past: String) -> String {
        let seconds = date.timeIntervalSince(now)
        let distance = abs(seconds)
        if distance < 48 * 3_600 {
            return seconds >= 0 ? "\(ahead) in \(amount(distance))" : "\(past) \(amount(distance)) ago"
        }
        if seconds < 0, distance <= yearLeftOutWithin {
            return "\(past) \(amount(distance)) ago"
        }
        return (seconds < 0 ? past : ahead) + " " + short(date, now: now, timeZone: timeZone)
    }
}
