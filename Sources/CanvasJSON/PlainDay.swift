import FoundationEssentials

/// A calendar date with no time, `2026-12-03`, as Canvas writes an all-day planner date.
package enum PlainDay {
    /// Midnight UTC of the day; nil for anything but `YYYY-MM-DD`.
    package static func parse(_ text: String) -> Date? {
        guard text.utf8.count == 10 else { return nil }
        return CanvasDate.parse(text + "T00:00:00Z")
    }
}
