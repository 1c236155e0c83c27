import FoundationEssentials
import TextBasics

#if canImport(Glibc)
import Glibc
#endif

/// The day a to-do is for, as a student types it: `today`, `tomorrow`, a weekday (`fri`, the
/// next one from today), `+3` (days from today) or `2026-12-10`; the to-do is set for 23:59
/// that day on the user's wall clock, as work due that day is.
enum NoteDate {
    static let weekdays = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]

    static func parse(_ text: String, now: Date) -> Date? {
        let word = text.trimming(.whitespaces).lowercased()
        let today = LocalTime(now)
        switch word {
        case "", "today": return endOfDay(today.year, today.month, today.day, plus: 0)
        case "tomorrow": return endOfDay(today.year, today.month, today.day, plus: 1)
        default: break
        }
        if let index = weekdays.firstIndex(where: { word.hasPrefix($0) && $0.count <= word.count }) {
            let ahead = (index + 1 - today.weekday + 7) % 7
            return endOfDay(today.year, today.month, today.day, plus: ahead)
        }
        if word.hasPrefix("+"), let days = Int(word.dropFirst()), (0...3_650).contains(days) {
            return endOfDay(today.year, today.month, today.day, plus: days)
        }
        let parts = word.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3, word.split(separator: "-").count == 3, (1_970...9_999).contains(parts[0]),
              (1...12).contains(parts[1]), (1...31).contains(parts[2])
        else { return nil }
        let date = endOfDay(parts[0], parts[1], parts[2], plus: 0)
        // mktime rolls 31 February over into March: such a day does not exist.
        return date.flatMap { LocalTime($0).day == parts[2] ? $0 : nil }
    }

    /// 23:59 local on the day `days` after `year-month-day`.
    private static func endOfDay(_ year: Int, _ month: Int, _ day: Int, plus days: Int) -> Date? {
        var fields = tm()
        fields.tm_year = Int32(year - 1900)
        fields.tm_mon = Int32(month - 1)
        fields.tm_mday = Int32(day + days)
        fields.tm_hour = 23
        fields.tm_min = 59
        fields.tm_isdst = -1
        let seconds = mktime(&fields)
        return seconds == -1 ? nil : Date(timeIntervalSince1970: TimeInterval(seconds))
    }
}
