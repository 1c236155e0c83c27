import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// A calendar date with no time, `2026-12-03`, as Canvas writes an all-day planner date.
package enum PlainDay {
    /// The first moment of the day on the user's wall clock (the zone `TZ` names, else
    /// `/etc/localtime`); nil for anything but `YYYY-MM-DD`.
    ///
    /// A plain date names a day wherever the user is, so it is placed where every date on
    /// screen is read: midnight UTC would show a day early west of Greenwich.
    package static func parse(_ text: String) -> Date? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard text.utf8.count == 10, parts.count == 3, parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
              let year = Int32(parts[0]), let month = Int32(parts[1]), let day = Int32(parts[2]),
              (1...12).contains(month), (1...31).contains(day),
              CanvasDate.parse(text + "T00:00:00Z") != nil else { return nil }
        var fields = tm()
        fields.tm_year = year - 1900
        fields.tm_mon = month - 1
        fields.tm_mday = day
        // Let the C library decide whether summer time is in force that day.
        fields.tm_isdst = -1
        let seconds = mktime(&fields)
        return seconds == -1 ? nil : Date(timeIntervalSince1970: TimeInterval(seconds))
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
