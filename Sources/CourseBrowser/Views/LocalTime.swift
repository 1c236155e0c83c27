import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// A moment's calendar fields on the user's wall clock: the local time zone as the C library
/// reads it (`TZ`, else `/etc/localtime`).
///
/// FoundationEssentials without ICU knows no zone but GMT, so its `TimeZone.current` would
/// show every date in GMT.
struct LocalTime: Equatable {
    var year: Int
    /// 1 for January.
    var month: Int
    var day: Int
    /// 1 for Sunday, as `Calendar` counts.
    var weekday: Int
    var hour: Int
    var minute: Int

    /// `date` in the local time zone.
    init(_ date: Date) {
        // Whole seconds toward the past, as a calendar reads a moment; a date beyond what
        // `time_t` holds is clamped rather than trapping.
        let seconds = date.timeIntervalSince1970.rounded(.down)
        var time = seconds.isNaN ? 0 : time_t(max(-1e15, min(1e15, seconds)))
        var fields = tm()
        if localtime_r(&time, &fields) == nil {
            fields = tm()
        }
        year = Int(fields.tm_year) + 1900
        month = Int(fields.tm_mon) + 1
        day = Int(fields.tm_mday)
        weekday = Int(fields.tm_wday) + 1
        hour = Int(fields.tm_hour)
        minute = Int(fields.tm_min)
    }

    /// `date` in `timeZone`, through the Gregorian calendar: for a caller that names the zone.
    init(_ date: Date, timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .weekday, .hour, .minute], from: date)
        year = parts.year ?? 1970
        month = parts.month ?? 1
        day = parts.day ?? 1
        weekday = parts.weekday ?? 1
        hour = parts.hour ?? 0
        minute = parts.minute ?? 0
    }

    /// `2026-09-21`.
    var dateText: String {
        let digits = String(year)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits + "-" + Self.twoDigits(month) + "-" + Self.twoDigits(day)
    }

    /// `08:05`.
    var clockText: String {
        Self.twoDigits(hour) + ":" + Self.twoDigits(minute)
    }

    private static func twoDigits(_ value: Int) -> String {
        (0..<10).contains(value) ? "0\(value)" : String(value)
    }
}
