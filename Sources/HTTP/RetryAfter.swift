import FoundationEssentials
import TextBasics

/// Reads an HTTP `Retry-After` header: a number of seconds, or an HTTP date (RFC 9110 §10.2.3).
public enum RetryAfter {
    /// Seconds to wait from `now`, or `nil` when the header is absent or unreadable; a date in the past is 0.
    public static func seconds(_ header: String?, now: Date) -> TimeInterval? {
        guard let text = header?.trimming(.whitespaces), !text.isEmpty else { return nil }
        if let seconds = Int(text) {
            return seconds >= 0 ? TimeInterval(seconds) : nil
        }
        guard let date = httpDate(text) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }

    /// `Sun, 06 Nov 1994 08:49:37 GMT`, the only date form senders may use.
    private static func httpDate(_ text: String) -> Date? {
        let parts = text.split(separator: " ")
        guard parts.count == 6, parts[5] == "GMT", let day = Int(parts[1]), let year = Int(parts[3]),
              let month = months.firstIndex(of: String(parts[2])) else { return nil }
        let clock = parts[4].split(separator: ":").compactMap { Int($0) }
        guard clock.count == 3 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "GMT") ?? calendar.timeZone
        let components = DateComponents(year: year, month: month + 1, day: day, hour: clock[0], minute: clock[1], second: clock[2])
        return calendar.date(from: components)
    }

    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
}
