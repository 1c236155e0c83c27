import FakeCanvasKit
import Foundation
import Testing

/// `coursebrowser due`, as a script or a status bar runs it: the Due pane's list as text or
/// JSON, from the sample catalog and from a (fake) Canvas, and what it says when it can't.
@Suite struct DueCommandTests {
    /// `due --json` parsed: one object per item.
    static func items(_ result: CommandResult) throws -> [[String: Any]] {
        let parsed = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        return try #require(parsed as? [[String: Any]], "due --json prints an array of objects: \(result.stdout)")
    }

    /// Runs `due arguments…` against `server`, its token in `CANVAS_TOKEN`, from `home`.
    static func due(_ arguments: [String], canvas server: FakeCanvasServer, home: URL) throws -> CommandResult {
        try AppCommand.run(["due", "--canvas", server.baseURL.absoluteString] + arguments, environment: AppCommand.environment(token: server.token, home: home))
    }

    @Test func onTheSampleTheListIsGroupedLikeThePaneWithoutEscapeCodesWhenPiped() throws {
        let home = try UploadEndToEndTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: home) }
        var environment = AppCommand.environment(token: nil, home: home)
        environment["TZ"] = Self.zoneWhereTheDayHasJustBegun()
        let result = try AppCommand.run(["due"], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        #expect(!result.stdout.contains("\u{1B}"), "no colour into a pipe")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let headings = lines.filter { !$0.hasPrefix("  ") }
        #expect(headings.first == "Missing", "missing work first: \(headings)")
        let today = try #require(headings.firstIndex(of: "Today"), "the sample has something due today: \(headings)")
        #expect(headings.firstIndex(of: "Tomorrow") == today + 1, "then tomorrow: \(headings)")
        #expect(headings.allSatisfy(DueTests.isHeading), "the rest are days: \(headings)")
        let missing = try #require(lines.first { $0.hasPrefix("  ") })
        #expect(missing.contains("10 pts") && missing.hasSuffix("❗ missing"), "\(missing)")
        let todayLine = try #require(lines.firstIndex(of: "Today"))
        #expect(lines[todayLine + 1].wholeMatch(of: /\ \ \d\d:\d\d +\S+( \S+)? +\S.* +\d+ pts( .*)?/) != nil, "time, course, title, points: \(lines[todayLine + 1])")
    }

    /// A POSIX TZ whose clock reads about one in the morning now: the sample dates its work
    /// from now (due in 5 h, in 23 h), so there its work falls on today and on tomorrow.
    static func zoneWhereTheDayHasJustBegun() -> String {
        let utcHour = Int(Date().timeIntervalSince1970.truncatingRemainder(dividingBy: 86_400) / 3_600)
        let ahead = (25 - utcHour) % 24
        let offset = ahead > 12 ? ahead - 24 : ahead
        // POSIX counts west of Greenwich as positive: `CBT-3` is three hours ahead of UTC.
        return "CBT" + (offset > 0 ? "-" : "+") + String(abs(offset))
    }

    @Test func onTheSampleJSONHasEveryDocumentedFieldInTheListsOrder() throws {
        let home = try UploadEndToEndTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = AppCommand.environment(token: nil, home: home)
        let items = try Self.items(try AppCommand.run(["due", "--json"], environment: environment))
        let fields: Set = ["id", "kind", "title", "course_id", "course_code", "due_at", "all_day", "points_possible", "state", "url"]
        #expect(items.allSatisfy { Set($0.keys) == fields }, "\(items.first ?? [:])")
        let first = try #require(items.first)
        #expect(first["state"] as? String == "missing", "missing work comes first: \(first)")
        #expect((first["id"] as? String)?.hasPrefix("assignment:") == true)
        #expect(first["kind"] as? String == "assignment")
        #expect(first["points_possible"] as? Int == 10)
        #expect(first["all_day"] as? Bool == false)
        let dates = items.compactMap { ($0["due_at"] as? String).flatMap(ISO8601DateFormatter().date(from:)) }
        #expect(dates.count == items.count, "every due_at is ISO 8601")
        let missingCount = items.prefix { $0["state"] as? String == "missing" }.count
        let dated = Array(dates.dropFirst(missingCount))
        #expect(dated == dated.sorted(), "after the missing work, by date")
        #expect(dates.allSatisfy { $0 < Date().addingTimeInterval(28 * 86_400 + 60) })
        #expect(items.allSatisfy { ($0["due_at"] as? String)?.hasSuffix("Z") == true }, "in UTC")
    }

    @Test(arguments: ["0", "-3", "366", "two", ""])
    func aDaysThatIsNotAWholeNumberFrom1To365IsAUsageError(days: String) throws {
        let result = try CommandLineTests.run(["due", "--days=\(days)"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "coursebrowser: --days needs a whole number of days from 1 to 365, not '\(days)'\nTry 'coursebrowser --help' for usage.\n")
    }

    @Test func onCanvasItListsThePlannerAndDaysSaysHowFarAhead() throws {
        let server = try FakeCanvasServer()
        defer { server.stop() }
        let home = try UploadEndToEndTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: home) }
        let all = try Self.items(try Self.due(["--json"], canvas: server, home: home))
        let titles = all.compactMap { $0["title"] as? String }
        #expect(titles.contains("Buy lab goggles") && titles.contains("Field trip"), "the note tomorrow and the event in three days: \(titles)")
        let trip = try #require(all.first { $0["title"] as? String == "Field trip" })
        #expect(trip["all_day"] as? Bool == true)
        #expect(trip["kind"] as? String == "calendar_event")
        #expect((trip["url"] as? String)?.hasPrefix(server.baseURL.absoluteString + "/courses/") == true, "made absolute: \(trip)")
        let note = try #require(all.first { $0["title"] as? String == "Buy lab goggles" })
        #expect(note["course_id"] is NSNull && note["url"] is NSNull, "a note of the student's own has no course: \(note)")

        let soon = try Self.items(try Self.due(["--json", "--days", "2"], canvas: server, home: home))
        let soonTitles = soon.compactMap { $0["title"] as? String }
        #expect(soonTitles.contains("Buy lab goggles") && !soonTitles.contains("Field trip"), "two days reach tomorrow, not three days on: \(soonTitles)")
        #expect(soon.count < all.count)

        let plain = try Self.due(["--days", "2"], canvas: server, home: home)
        #expect(plain.status == 0, "\(plain.stderr)")
        let noteLine = try #require(plain.stdout.split(separator: "\n").first { $0.contains("Buy lab goggles") })
        #expect(noteLine.contains("note"), "a row that isn't an assignment says what it is: \(noteLine)")
        #expect(plain.stdout.contains("Tomorrow\n"))
    }

    /// Canvas dates an all-day event by a plain date, which names the same day wherever the
    /// student is: west of Greenwich it must not slide to the evening before, nor east of it
    /// to the next day.
    @Test(arguments: ["America/Los_Angeles", "Pacific/Kiritimati"])
    func anAllDayEventIsListedOnItsOwnDayInEveryZone(zone: String) throws {
        let server = try FakeCanvasServer()
        defer { server.stop() }
        let home = try UploadEndToEndTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: home) }
        // The fake dates its field trip three days after its own (UTC) today.
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE d MMM"
        let tripDay = formatter.string(from: Date().addingTimeInterval(3 * 86_400))
        var environment = AppCommand.environment(token: server.token, home: home)
        environment["TZ"] = zone
        let result = try AppCommand.run(["due", "--canvas", server.baseURL.absoluteString, "--days", "7"], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let trip = try #require(lines.firstIndex { $0.contains("Field trip") }, "\(result.stdout)")
        let heading = try #require(lines[..<trip].last { DueTests.isHeading($0) })
        #expect(heading == tripDay, "in \(zone): \(result.stdout)")
        #expect(lines[trip].contains("all day"), "\(lines[trip])")
    }

    /// The copy of what `due` printed is on disk before it exits, so the next run without
    /// Canvas has it.
    @Test func whatDuePrintedIsSavedBeforeItExits() throws {
        let server = try FakeCanvasServer()
        defer { server.stop() }
        let home = try UploadEndToEndTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: home) }
        for _ in 0..<3 {
            try? FileManager.default.removeItem(at: home.appendingPathComponent(".cache"))
            let fresh = try Self.due(["--json"], canvas: server, home: home)
            #expect(fresh.status == 0, "\(fresh.stderr)")
            let saved = try Self.due(["--json", "--offline"], canvas: server, home: home)
            #expect(saved.status == 0, "\(saved.stderr)")
            #expect(try Self.items(saved).compactMap { $0["id"] as? String } == Self.items(fresh).compactMap { $0["id"] as? String })
        }
    }

    @Test func canvasUnreachableWithNothingSavedFailsWithOneLine() throws {
        let server = try FakeCanvasServer()
        let base = server.baseURL
        let token = server.token
        server.stop()
        let home = try UploadEndToEndTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: home) }
        for arguments in [["due"], ["due", "--json"], ["calendar"]] {
            let result = try AppCommand.run(
                arguments + ["--canvas", base.absoluteString, "--request-timeout", "5"], environment: AppCommand.environment(token: token, home: home)
            )
            #expect(result.status == 1, "\(arguments): \(result.stdout)")
            if arguments.contains("--json") {
                #expect(try CoursesCommandTests.errorKind(result) == "offline", "the same failure, as JSON for the script")
            } else {
                #expect(result.stdout.isEmpty)
            }
            #expect(result.stderr.hasPrefix("coursebrowser: ") && result.stderr.filter { $0 == "\n" }.count == 1, "\(arguments): \(result.stderr)")
        }
        let offline = try AppCommand.run(["due", "--offline", "--canvas", base.absoluteString], environment: AppCommand.environment(token: token, home: home))
        #expect(offline.status == 1)
        #expect(offline.stderr == "coursebrowser: nothing due is saved on this machine yet; run without --offline to load it\n")
        let offlineJSON = try AppCommand.run(["due", "--offline", "--json", "--canvas", base.absoluteString], environment: AppCommand.environment(token: token, home: home))
        #expect(offlineJSON.status == 1)
        #expect(try CoursesCommandTests.errorKind(offlineJSON) == "not_saved")
    }

    @Test func withCanvasDownTheCopyTheAppSavedIsPrintedAndItsAgeSaidOnStandardError() async throws {
        let server = try FakeCanvasServer()
        defer { server.stop() }
        let tmux = try await TmuxSession()
        defer { tmux.close() }
        try await OfflineFirstTests.browseAndQuit(server, in: tmux)
        try await eventually("the planner saved") {
            OfflineFirstTests.cacheFiles(tmux).contains { $0.path.hasSuffix("/planner.json") }
        }
        let fresh = try Self.items(try Self.due(["--json"], canvas: server, home: tmux.directory))

        try await server.control("POST", "/__control/down")
        let saved = try Self.due(["--json"], canvas: server, home: tmux.directory)
        #expect(saved.status == 0, "\(saved.stderr)")
        #expect(saved.stderr.hasPrefix("coursebrowser: ") && saved.stderr.hasSuffix("; showing what was saved just now\n"), "\(saved.stderr)")
        #expect(try Self.items(saved).compactMap { $0["id"] as? String } == fresh.compactMap { $0["id"] as? String })

        let offline = try Self.due(["--offline"], canvas: server, home: tmux.directory)
        #expect(offline.status == 0)
        #expect(offline.stderr == "coursebrowser: showing what was saved just now (--offline)\n")
        #expect(offline.stdout.contains("Buy lab goggles"))

        // A token Canvas no longer takes won't pass by waiting: no copy stands in for the answer.
        try await server.control("POST", "/__control/up")
        try await server.fault(#"{"match": "/api/v1/planner/items", "kind": "expired_token", "count": -1}"#)
        let refused = try Self.due(["--json"], canvas: server, home: tmux.directory)
        #expect(refused.status == 1, "\(refused.stdout)")
        #expect(try CoursesCommandTests.errorKind(refused) == "auth", "\(refused.stdout)")
        #expect(refused.stderr.hasPrefix("coursebrowser: ") && !refused.stderr.contains("showing what was saved"), "\(refused.stderr)")
    }
}
