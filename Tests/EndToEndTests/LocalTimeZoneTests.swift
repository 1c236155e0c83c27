import Foundation
import Testing

/// Dates on screen are in the user's time zone, as TZ names it.
@Suite struct LocalTimeZoneTests {
    /// A course that began on New Year's Eve in New York and ends on 1 July in Ho Chi Minh City,
    /// with an assignment due years ahead, so it shows as a date with its year, not as "in 3 h".
    static let catalog = """
        {"courses": [{
          "id": 1, "name": "Time Zones 101", "course_code": "TZ 101",
          "start_at": "2020-01-01T02:00:00Z", "end_at": "2040-06-30T20:00:00Z",
          "assignments": [{"id": 11, "name": "Essay", "due_at": "2039-12-15T16:59:00Z", "points_possible": 10,
                           "submission_types": ["online_upload"]}]
        }]}
        """

    @Test(arguments: ["Asia/Ho_Chi_Minh", "America/New_York", "UTC"])
    func datesShowInTheZoneTZNames(zone: String) async throws {
        let timeZone = try #require(TimeZone(identifier: zone))
        let iso = ISO8601DateFormatter()
        let start = try #require(iso.date(from: "2020-01-01T02:00:00Z"))
        let end = try #require(iso.date(from: "2040-06-30T20:00:00Z"))
        let dueAt = try #require(iso.date(from: "2039-12-15T16:59:00Z"))
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "EEE d MMM yyyy HH:mm"
        let due = "due " + formatter.string(from: dueAt)
        formatter.dateFormat = "yyyy-MM-dd"
        let dates = formatter.string(from: start) + " → " + formatter.string(from: end)

        let tmux = try await TmuxSession()
        defer { tmux.close() }
        let file = tmux.directory.appendingPathComponent("catalog.json")
        try Self.catalog.write(to: file, atomically: true, encoding: .utf8)
        try tmux.run("TZ=\(zone) " + tmux.appCommand(["--catalog", file.path]) + #"; echo "exit=$?""#)
        try await tmux.waitFor(box: "Courses · Current · 1", "the course") { $0.contains("Time Zones 101") }
        try tmux.press("Enter")
        let course = try await tmux.waitFor(box: "Course", "the course's dates") { $0.contains("Essay") }
        #expect(course.contains(dates), "\(course)")
        #expect(course.contains(due), "\(course)")
    }
}
