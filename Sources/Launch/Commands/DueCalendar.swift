import CourseBrowser
import CourseKit
import FoundationEssentials

/// What is due as an iCalendar file (RFC 5545): one VEVENT per planner item that has a date
/// to keep (announcements are news, not dates), each with a UID made from the item's kind, its
/// ID and the backend's name, so a calendar that imports or subscribes to the file again
/// updates its events instead of adding them twice.
struct DueCalendar {
    /// Names the backend after the `@` of each UID: the Canvas host, or `coursebrowser-sample`.
    var domain: String
    /// When the file is made: every event's DTSTAMP, and what counts as missing.
    var now: Date

    /// The whole file, CR LF line ends and folded lines included.
    func text(_ items: [PlannerItem]) -> String {
        var lines = [
            "BEGIN:VCALENDAR",
            "VERSION:2.0",
            "PRODID:-//coursebrowser//coursebrowser \(LaunchOptions.version)//EN",
            "CALSCALE:GREGORIAN",
            "METHOD:PUBLISH",
            "X-WR-CALNAME:" + ICalendarText.escaped("Due · \(domain)"),
        ]
        for item in DueListing.ordered(items, now: now) where item.kind != .announcement {
            lines += event(item)
        }
        lines.append("END:VCALENDAR")
        return lines.map(ICalendarLine.folded).joined()
    }

    /// The VEVENT of `item`, its properties unfolded.
    ///
    /// Transparent: a deadline takes no time, so it never makes the user look busy to someone
    /// looking for a free hour in their calendar.
    func event(_ item: PlannerItem) -> [String] {
        var lines = ["BEGIN:VEVENT", "UID:" + ICalendarText.escaped(uid(item)), "DTSTAMP:" + ICalendarDate.moment(now)]
        lines += when(item)
        lines.append("TRANSP:TRANSPARENT")
        lines.append("SUMMARY:" + ICalendarText.escaped(summary(item)))
        if let description = description(item) {
            lines.append("DESCRIPTION:" + ICalendarText.escaped(description))
        }
        if let url = item.htmlURL {
            lines.append("URL:" + String(url.absoluteString.unicodeScalars.filter { !ICalendarText.isControl($0) }))
        }
        lines.append("END:VEVENT")
        return lines
    }

    /// `assignment-123@school.instructure.com`: the same item gets the same UID on every run.
    func uid(_ item: PlannerItem) -> String {
        item.id.replacing(":", with: "-") + "@" + domain
    }

    /// DTSTART in UTC for a moment; for a whole day, the day and the next as DTEND.
    ///
    /// Canvas writes a plain date (`2026-12-03`), read as midnight on the user's clock, and an
    /// all-day event it dates by a moment starts at midnight where the school is: the user's
    /// own clock places both on the right day. A copy saved before plain dates were read that
    /// way holds midnight UTC, whose day is its UTC day.
    func when(_ item: PlannerItem) -> [String] {
        guard item.isAllDay else { return ["DTSTART:" + ICalendarDate.moment(item.date)] }
        let day = ICalendarDate.isUTCMidnight(item.date) ? ICalendarDate.utcDay(item.date) : DueListing.localDay(item.date)
        return [
            "DTSTART;VALUE=DATE:" + ICalendarDate.day(year: day.year, month: day.month, day: day.day),
            "DTEND;VALUE=DATE:" + ICalendarDate.dayAfter(year: day.year, month: day.month, day: day.day),
        ]
    }

    /// `CS 201: Reading Response`; the title alone for a note of the student's own.
    func summary(_ item: PlannerItem) -> String {
        let course = [item.courseCode, item.contextName].compactMap { $0?.nonBlank }.first
        return course.map { "\($0): \(item.title)" } ?? item.title
    }

    /// The course's name where the summary gave its code, then what the item is, its points and
    /// where the student stands: `quiz · 10 pts · submitted`.
    func description(_ item: PlannerItem) -> String? {
        let facts = [
            item.kind == .assignment ? nil : item.kind.canvasName.replacing("_", with: " "),
            item.pointsPossible.map { "\(DueListing.points($0)) pts" },
            DueStanding(of: item, now: now).map(DueJSON.stateName)?.replacing("_", with: " "),
        ].compactMap { $0 }
        let name = item.courseCode?.nonBlank == nil ? nil : item.contextName?.nonBlank
        let lines = [name, facts.isEmpty ? nil : facts.joined(separator: " · ")].compactMap { $0 }
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
    }
}
