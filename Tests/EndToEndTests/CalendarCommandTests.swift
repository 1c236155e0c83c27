import FakeCanvasKit
import Foundation
import Testing

/// `coursebrowser calendar` read by a real iCalendar parser (python3-icalendar, through
/// `Tests/ICalendar/check_calendar.py`), against what `due --json` says of the same items.
@Suite struct CalendarCommandTests {
    /// A Python that can import icalendar: Debian's own first, where the package installs it.
    static func python() throws -> String {
        let candidates = ["/usr/bin/python3", Command.which("python3")].compactMap { $0 }
        let found = candidates.first { path in
            FileManager.default.isExecutableFile(atPath: path)
                && (try? Command.run(path, ["-c", "import icalendar"], environment: ["PATH": "/usr/bin:/bin"]))?.status == 0
        }
        return try #require(found, "a python3 with icalendar (apt-get install python3-icalendar)")
    }

    static let checker = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ICalendar/check_calendar.py")

    /// Runs `calendar` twice and `due --json` once with `arguments`, and the checker on what they print.
    static func check(_ arguments: [String], environment: [String: String], in directory: URL, domain: String, slack: Int = 0) throws -> CommandResult {
        var paths: [String] = []
        for (name, command) in [("first.ics", ["calendar"]), ("second.ics", ["calendar"]), ("due.json", ["due", "--json"])] {
            let result = try AppCommand.run(command + arguments, environment: environment)
            #expect(result.status == 0, "\(command): \(result.stderr)")
            let path = directory.appendingPathComponent(name)
            try Data(result.stdout.utf8).write(to: path)
            paths.append(path.path)
        }
        return try Command.run(try python(), [checker.path] + paths + [domain, String(slack)], environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"])
    }

    @Test func onCanvasEveryEventParsesWithItsUIDStartSummaryAndURL() throws {
        let server = try FakeCanvasServer()
        defer { server.stop() }
        let home = try UploadEndToEndTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = AppCommand.environment(token: server.token, home: home)
        let domain = try #require(server.baseURL.host).appending(":\(try #require(server.baseURL.port))")
        let result = try Self.check(["--canvas", server.baseURL.absoluteString], environment: environment, in: home, domain: domain)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasPrefix("ok "), "\(result.stdout)")

        let calendar = try AppCommand.run(["calendar", "--canvas", server.baseURL.absoluteString], environment: environment)
        #expect(calendar.stdout.contains("\r\nDTSTART;VALUE=DATE:"), "the all-day event is dated by the day")
        #expect(calendar.stdout.contains("\r\nUID:planner_note-900003@\(domain)\r\n"), "a note has a UID of its own")
        #expect(!calendar.stdout.contains("UID:announcement-"), "an announcement is news, not a date to keep")
    }

    @Test func onTheSampleEveryEventParsesAndASecondRunKeepsTheUIDs() throws {
        let home = try UploadEndToEndTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: home) }
        // The sample dates its work from the moment it is read, so the runs' dates may differ by the time between them.
        let result = try Self.check([], environment: AppCommand.environment(token: nil, home: home), in: home, domain: "coursebrowser-sample", slack: 120)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasPrefix("ok "), "\(result.stdout)")
    }

    @Test func daysBoundsTheCalendarAsItBoundsTheList() throws {
        let home = try UploadEndToEndTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = AppCommand.environment(token: nil, home: home)
        let week = try AppCommand.run(["calendar", "--days", "7"], environment: environment)
        let month = try AppCommand.run(["calendar"], environment: environment)
        let listed = try DueCommandTests.items(try AppCommand.run(["due", "--json", "--days", "7"], environment: environment))
            .filter { $0["kind"] as? String != "announcement" }
        #expect(week.status == 0)
        #expect(week.stdout.components(separatedBy: "BEGIN:VEVENT").count - 1 == listed.count)
        #expect(week.stdout.count < month.stdout.count)
    }
}
