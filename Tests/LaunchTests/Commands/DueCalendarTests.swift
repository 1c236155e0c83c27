import CourseKit
import Foundation
@testable import Launch
import Testing

/// The `calendar` command's events: UIDs that stay the same, timed and all-day items, never
/// busy time, no announcements, and the summary and description built from an item.
@Suite struct DueCalendarTests {
    static let now = Date(timeIntervalSince1970: 1_796_000_000)
    static let calendar = DueCalendar(domain: "school.example", now: now)

    static func item(
        _ id: String = "assignment:12", title: String = "Essay, part 1; draft", date: Date = now.addingTimeInterval(3_600),
        isAllDay: Bool = false, status: PlannerItem.Status? = PlannerItem.Status()
    ) -> PlannerItem {
        PlannerItem(
            id: id, kind: .assignment, title: title, courseID: CourseID("7"), courseCode: "CS 201", contextName: "Data Structures",
            date: date, isAllDay: isAllDay, pointsPossible: 10, status: status, htmlURL: URL(string: "https://school.example/courses/7/assignments/12")
        )
    }

    @Test func aTimedItemStartsAtItsMomentInUTC() {
        let event = Self.calendar.event(Self.item())
        #expect(event.contains("DTSTART:" + ICalendarDate.moment(Self.now.addingTimeInterval(3_600))))
        #expect(event.first { $0.hasPrefix("DTSTART") }?.hasSuffix("Z") == true)
        #expect(!event.contains { $0.hasPrefix("DTEND") }, "a due date has no length: DTSTART alone ends where it starts")
        #expect(event.contains("SUMMARY:CS 201: Essay\\, part 1\\; draft"))
        #expect(event.contains("DESCRIPTION:Data Structures\\n10 pts"))
        #expect(event.contains("URL:https://school.example/courses/7/assignments/12"))
        #expect(event.contains("DTSTAMP:" + ICalendarDate.moment(Self.now)))
    }

    @Test func everyEventIsTransparentSoADeadlineNeverMakesTheUserLookBusy() throws {
        let plainDay = try #require(ISO8601DateFormatter().date(from: "2026-12-31T00:00:00Z"))
        for item in [Self.item(), Self.item("calendar_event:9", date: plainDay, isAllDay: true)] {
            let event = Self.calendar.event(item)
            #expect(event.filter { $0.hasPrefix("TRANSP:") } == ["TRANSP:TRANSPARENT"])
        }
    }

    @Test func announcementsAreLeftOutOfTheCalendar() {
        var announcement = Self.item("announcement:4", title: "Exam moved", status: nil)
        announcement.kind = .announcement
        let text = Self.calendar.text([announcement, Self.item()])
        #expect(text.components(separatedBy: "BEGIN:VEVENT").count - 1 == 1)
        #expect(text.contains("UID:assignment-12@school.example"))
        #expect(!text.contains("Exam moved"))
    }

    @Test func anAllDayItemIsDatedByItsDayAndEndsTheNextDay() throws {
        let plainDay = try #require(ISO8601DateFormatter().date(from: "2026-12-31T00:00:00Z"))
        let event = Self.calendar.event(Self.item("calendar_event:9", date: plainDay, isAllDay: true))
        #expect(event.contains("DTSTART;VALUE=DATE:20261231"))
        #expect(event.contains("DTEND;VALUE=DATE:20270101"))
        #expect(!event.contains { $0.hasPrefix("DTSTART:") })
    }

    @Test func theUIDNamesTheItemAndTheBackendAndStaysTheSameFromRunToRun() {
        let later = DueCalendar(domain: "school.example", now: Self.now.addingTimeInterval(86_400))
        let item = Self.item()
        #expect(Self.calendar.uid(item) == "assignment-12@school.example")
        #expect(later.uid(item) == Self.calendar.uid(item))
        var moved = item
        moved.date = moved.date.addingTimeInterval(7 * 86_400)
        moved.title = "Renamed"
        #expect(later.uid(moved) == Self.calendar.uid(item), "a moved or renamed item updates its event")
        #expect(Self.calendar.uid(Self.item("quiz:12")) != Self.calendar.uid(item), "kinds with the same ID stay apart")
        #expect(DueCalendar(domain: "other.example", now: Self.now).uid(item) != Self.calendar.uid(item))
    }

    @Test func theDescriptionSaysWhereTheStudentStands() {
        let missing = Self.item(date: Self.now.addingTimeInterval(-86_400))
        #expect(Self.calendar.description(missing) == "Data Structures\n10 pts · missing")
        let late = Self.item(status: PlannerItem.Status(isSubmitted: true, isLate: true))
        #expect(Self.calendar.description(late) == "Data Structures\n10 pts · submitted late")
        var note = Self.item("planner_note:3", status: nil)
        note.kind = .plannerNote
        note.courseCode = nil
        note.contextName = nil
        note.pointsPossible = nil
        #expect(Self.calendar.summary(note) == note.title, "a note of the student's own has no course to name")
        #expect(Self.calendar.description(note) == "planner note")
        var named = Self.item()
        named.courseCode = nil
        #expect(Self.calendar.summary(named) == "Data Structures: Essay, part 1; draft")
        #expect(Self.calendar.description(named) == "10 pts", "the course's name is said once, in the summary")
    }

    @Test func theFileIsAPublishedGregorianCalendarWithCRLFLinesOfAtMost75Octets() {
        let long = Self.item(title: String(repeating: "Đồ thị và ứng dụng ", count: 8))
        let text = Self.calendar.text([long, Self.item("quiz:5")])
        let lines = text.components(separatedBy: "\r\n")
        #expect(lines.last == "", "every line ends with CR LF")
        #expect(Array(lines.prefix(5)) == ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//coursebrowser//coursebrowser \(LaunchOptions.version)//EN", "CALSCALE:GREGORIAN", "METHOD:PUBLISH"])
        #expect(lines.dropLast().last == "END:VCALENDAR")
        #expect(lines.allSatisfy { $0.utf8.count <= 75 && !$0.contains("\n") })
        #expect(lines.filter { $0 == "BEGIN:VEVENT" }.count == 2)
    }
}
