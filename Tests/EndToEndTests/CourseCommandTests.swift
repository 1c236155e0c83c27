import FakeCanvasKit
import FakeMoodleKit
import Foundation
import Testing

/// `coursebrowser course ID` and `grades ID`, as a script runs them: a course and how its total
/// is made, as text or as JSON with every field README documents, each part from its saved copy
/// when the site can't answer, and each failure as JSON too.
@Suite struct CourseCommandTests {
    static func run(_ arguments: [String], _ shell: CanvasCommandLine) throws -> CommandResult {
        try AppCommand.run(arguments + shell.arguments, environment: shell.environment)
    }

    /// The command's JSON object, checked against README's table `name`.
    static func object(_ result: CommandResult, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: JSONValue] {
        let object = try #require(try JSONValue.parse(result.stdout).objectValue, "an object: \(result.stdout)", sourceLocation: sourceLocation)
        let problems = try DocumentedJSON(name).problems(in: object)
        #expect(problems.isEmpty, "\(problems)", sourceLocation: sourceLocation)
        return object
    }

    static func ids(_ object: [String: JSONValue], _ key: String) -> [String] {
        (object[key]?.arrayValue ?? []).compactMap { $0.objectValue?["id"]?.stringValue }
    }

    @Test func onTheSampleACourseAndItsGradesReadAsThePaneShowsThem() throws {
        let home = try UploadEndToEndTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = AppCommand.environment(token: nil, home: home)
        let course = try AppCommand.run(["course", "10002"], environment: environment)
        #expect(course.status == 0, "\(course.stderr)")
        #expect(course.stderr.isEmpty, "\(course.stderr)")
        let lines = course.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "Data Structures and Algorithms")
        #expect(lines.contains("Grade: 91.25%"), "\(lines)")
        for heading in ["Assignments", "Announcements", "Files"] {
            #expect(lines.contains(heading), "\(heading) in \(lines)")
        }
        let graded = try #require(lines.first { $0.contains("Problem Set 1") })
        #expect(graded.hasSuffix("graded B (17/20)"), "where the hand-in stands, as the pane says it: \(graded)")
        let undated = try #require(lines.firstIndex { $0.contains("Participation") })
        #expect(lines[undated].hasPrefix("  no due date"))
        #expect(undated > (lines.firstIndex { $0.contains("Project Draft") } ?? .max), "undated last, as the pane orders them")
        #expect(lines.contains { $0.contains("final-exam-solutions.txt") && $0.hasSuffix("locked") }, "\(lines)")

        let grades = try AppCommand.run(["grades", "10002"], environment: environment)
        #expect(grades.status == 0, "\(grades.stderr)")
        #expect(grades.stdout.hasPrefix("Total: 62.86% (22/35) · by points\n"), "\(grades.stdout)")
        #expect(grades.stdout.contains("\n  Problem Set 1 · 17/20 B\n"), "\(grades.stdout)")
    }

    @Test func onCanvasJSONHasEveryDocumentedFieldAndIDsTheOtherCommandsTake() async throws {
        let server = try FakeCanvasServer()
        defer { server.stop() }
        try await server.configure(#"{"role": "student"}"#)
        let shell = try CanvasCommandLine(server: server)
        defer { shell.remove() }
        let result = try Self.run(["course", "2", "--json"], shell)
        #expect(result.status == 0, "\(result.stderr)")
        let course = try Self.object(result, "course")
        #expect(course["course"]?.objectValue?["id"]?.stringValue == "2")
        #expect(course["saved_at"] == JSONValue.null, "the site's answer")
        #expect(course["unavailable"] == .array([]))
        let assignments = Self.ids(course, "assignments")
        #expect(assignments.count == 3, "\(assignments)")
        #expect(!Self.ids(course, "announcements").isEmpty, "course 2 has announcements")
        #expect(Self.ids(course, "files").count == 5)
        let states = (course["assignments"]?.arrayValue ?? []).compactMap { $0.objectValue?["state"]?.stringValue }
        #expect(!states.isEmpty, "a student's hand-ins have states: \(course)")

        let dueJSON = try JSONValue.parse(try Self.run(["due", "--json"], shell).stdout)
        let due = try #require(dueJSON.arrayValue)
        let dueIDs = due.compactMap { $0.objectValue }.filter { $0["course_id"]?.stringValue == "2" }.compactMap { $0["id"]?.stringValue }
        #expect(!dueIDs.isEmpty && dueIDs.allSatisfy { id in assignments.contains { "assignment:" + $0 == id } || !id.hasPrefix("assignment:") },
                "one assignment, one ID across commands: \(dueIDs) against \(assignments)")

        let grades = try Self.object(try Self.run(["grades", "4", "--json"], shell), "grades")
        let groups = (grades["groups"]?.arrayValue ?? []).compactMap(\.objectValue)
        #expect(groups.count == 3, "\(groups)")
        #expect(grades["weighted"] == .boolean(true))
        #expect(groups.first?["drop_lowest"] == .number(1))
        let homework = try #require(groups.first?["assignments"]?.arrayValue?.first?.objectValue)
        #expect(homework["grade_hidden"] == .boolean(true) && homework["score"] == JSONValue.null, "a grade not released stays unread: \(homework)")
    }

    @Test func offlineAndWithCanvasDownEachPartComesFromItsSavedCopyElseIsNamedUnavailable() async throws {
        let server = try FakeCanvasServer()
        defer { server.stop() }
        let shell = try CanvasCommandLine(server: server)
        defer { shell.remove() }
        let nothing = try Self.run(["course", "2", "--offline", "--json"], shell)
        #expect(nothing.status == 1)
        #expect(try CoursesCommandTests.errorKind(nothing) == "not_saved")

        try await server.fault(#"{"match": "/files", "kind": "503", "count": -1}"#)
        let partial = try Self.run(["course", "2", "--json"], shell)
        #expect(partial.status == 0, "the course was read: \(partial.stderr)")
        let first = try Self.object(partial, "course")
        #expect(first["files"] == JSONValue.null)
        let unavailable = try #require(first["unavailable"]?.arrayValue?.first?.objectValue, "\(first)")
        #expect(unavailable["section"] == .string("files") && unavailable["kind"] == .string("server"), "\(unavailable)")
        #expect(partial.stderr.contains("Files: "), "\(partial.stderr)")

        let asked = try await server.requests().count
        let offline = try Self.run(["course", "2", "--offline", "--json"], shell)
        #expect(offline.status == 0, "\(offline.stderr)")
        let saved = try Self.object(offline, "course")
        #expect(Self.ids(saved, "assignments") == Self.ids(first, "assignments"))
        #expect(saved["saved_at"]?.stringValue != nil, "says the copy's age: \(saved)")
        #expect(saved["unavailable"]?.arrayValue?.count == 1, "files were never saved")
        #expect(try await server.requests().count == asked, "--offline asks Canvas nothing")

        try await server.control("POST", "/__control/down")
        let down = try Self.run(["course", "2"], shell)
        #expect(down.status == 0, "\(down.stderr)")
        #expect(down.stdout.contains("Homework 1"))
        #expect(down.stderr.contains("showing what was saved"), "\(down.stderr)")
        let grades = try Self.run(["grades", "2", "--json"], shell)
        #expect(grades.status == 1, "grades never read: \(grades.stdout)")
        #expect(try CoursesCommandTests.errorKind(grades) == "offline")
    }

    @Test func anUnknownCourseIsNotFoundAndAMissingIDAUsageFailureBothAsJSON() async throws {
        let server = try FakeCanvasServer()
        defer { server.stop() }
        let shell = try CanvasCommandLine(server: server)
        defer { shell.remove() }
        for command in ["course", "grades"] {
            let unknown = try Self.run([command, "4241", "--json"], shell)
            #expect(unknown.status == 1, "\(command): \(unknown.stderr)")
            #expect(try CoursesCommandTests.errorKind(unknown) == "not_found", "\(command): \(unknown.stdout)")
            let missing = try Self.run([command, "--json"], shell)
            #expect(missing.status == 2)
            #expect(try CoursesCommandTests.errorKind(missing) == "usage")
            #expect(missing.stderr.contains("\(command) needs a course ID"), "\(missing.stderr)")
            let two = try Self.run([command, "1", "2"], shell)
            #expect(two.status == 2 && two.stderr.contains("unexpected argument '2'"), "\(two.stderr)")
        }
    }

    @Test func onMoodleTheCourseAndTheGradesAsTheSiteReportsThem() throws {
        let server = try FakeMoodleServer()
        defer { server.stop() }
        let home = try MoodleHome(server)
        try home.logIn()
        let course = try home.run(["course", "101", "--json"])
        #expect(course.status == 0, "\(course.stderr)")
        let object = try Self.object(course, "course")
        #expect(object["course"]?.objectValue?["code"] == .string("INT2215"))
        #expect(!Self.ids(object, "assignments").isEmpty && !Self.ids(object, "files").isEmpty, "\(object)")

        let grades = try home.run(["grades", "101", "--json"])
        #expect(grades.status == 0, "\(grades.stderr)")
        let report = try Self.object(grades, "grades")
        #expect(report["computed_by"] == .string("Moodle"))
        let groups = report["groups"]?.arrayValue ?? []
        #expect(!groups.isEmpty)
    }
}
