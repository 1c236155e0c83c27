import FakeCanvasKit
import Foundation
import Testing

/// `coursebrowser courses`, as a script runs it: the course list as the pane shows it, as text
/// or JSON with every field README documents, from the saved copy when Canvas can't answer, and
/// each failure as JSON too.
@Suite struct CoursesCommandTests {
    static func courses(_ arguments: [String], _ shell: CanvasCommandLine) throws -> CommandResult {
        try AppCommand.run(["courses"] + shell.arguments + arguments, environment: shell.environment)
    }

    /// `courses --json` parsed: one object per course, each checked against README's table.
    static func objects(_ result: CommandResult, sourceLocation: SourceLocation = #_sourceLocation) throws -> [[String: JSONValue]] {
        let parsed = try JSONValue.parse(result.stdout)
        let objects = try #require(parsed.arrayValue.map { $0.compactMap { $0.objectValue } }, "an array of objects", sourceLocation: sourceLocation)
        let schema = try DocumentedJSON("courses")
        for object in objects {
            let problems = schema.problems(in: object)
            #expect(problems.isEmpty, "\(problems) in \(object)", sourceLocation: sourceLocation)
        }
        return objects
    }

    /// The error object a failure printed, checked against README's table; its kind.
    static func errorKind(_ result: CommandResult, sourceLocation: SourceLocation = #_sourceLocation) throws -> String? {
        let parsed = try JSONValue.parse(result.stdout)
        let object = try #require(parsed.objectValue, "an error object: \(result.stdout)", sourceLocation: sourceLocation)
        let problems = try DocumentedJSON("error").problems(in: object)
        #expect(problems.isEmpty, "\(problems) in \(object)", sourceLocation: sourceLocation)
        return object["error"]?.objectValue?["kind"]?.stringValue
    }

    @Test func onTheSampleTheListIsGroupedByTermWithCodesAndGrades() throws {
        let home = try UploadEndToEndTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: home) }
        let result = try AppCommand.run(["courses"], environment: AppCommand.environment(token: nil, home: home))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        #expect(!result.stdout.contains("\u{1B}"), "no colour into a pipe")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let headings = lines.filter { !$0.hasPrefix("  ") }
        #expect(headings.count > 1 && headings.count < lines.count / 2, "terms head their courses: \(headings)")
        let graded = try #require(lines.first { $0.contains("Data Structures and Algorithms") })
        #expect(graded.hasSuffix("91.25%"), "the grade as the list shows it: \(graded)")
        #expect(graded.contains("CS 201"), "\(graded)")
    }

    @Test func onCanvasJSONHasEveryDocumentedFieldGroupedAsTheListShowsThem() throws {
        let server = try FakeCanvasServer()
        defer { server.stop() }
        let shell = try CanvasCommandLine(server: server)
        defer { shell.remove() }
        let result = try Self.courses(["--json"], shell)
        #expect(result.status == 0, "\(result.stderr)")
        let current = try Self.objects(result)
        #expect(current.count == 104, "the Current view, as the pane counts it")
        #expect(Set(current.compactMap { $0["id"]?.stringValue }).count == current.count, "each course once")
        let groups = current.compactMap { $0["group"]?.stringValue }
        let runs = zip(groups, groups.dropFirst()).filter { $0 != $1 }.count + 1
        #expect(runs == Set(groups).count, "each term's courses together: \(Set(groups))")
        #expect(!groups.contains { $0.hasSuffix("· ended") }, "Current lists no ended term")

        let all = try Self.objects(try Self.courses(["--scope", "all", "--json"], shell))
        #expect(all.count > current.count, "all adds past courses")
        let allGroups = all.compactMap { $0["group"]?.stringValue }
        let firstEnded = try #require(allGroups.firstIndex { $0.hasSuffix("· ended") }, "\(Set(allGroups))")
        #expect(allGroups[firstEnded...].allSatisfy { $0.hasSuffix("· ended") }, "ended terms come last: \(Set(allGroups))")
    }

    @Test func offlineShowsTheListLastSavedAndWithNothingSavedSaysSoAsJSON() async throws {
        let server = try FakeCanvasServer()
        defer { server.stop() }
        let shell = try CanvasCommandLine(server: server)
        defer { shell.remove() }
        let nothing = try Self.courses(["--offline", "--json"], shell)
        #expect(nothing.status == 1)
        #expect(try Self.errorKind(nothing) == "not_saved")
        #expect(nothing.stderr.contains("run without --offline"), "\(nothing.stderr)")

        let online = try Self.objects(try Self.courses(["--json"], shell))
        let asked = try await server.requests().count
        let offline = try Self.courses(["--offline", "--json"], shell)
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(try Self.objects(offline).compactMap { $0["id"]?.stringValue } == online.compactMap { $0["id"]?.stringValue })
        #expect(offline.stderr.contains("showing what was saved"), "\(offline.stderr)")
        #expect(try await server.requests().count == asked, "--offline asks Canvas nothing")
    }

    @Test func withCanvasDownTheSavedListShowsElseTheFailureIsOffline() async throws {
        let server = try FakeCanvasServer()
        defer { server.stop() }
        let shell = try CanvasCommandLine(server: server)
        defer { shell.remove() }
        try await server.control("POST", "/__control/down")
        let never = try Self.courses(["--json"], shell)
        #expect(never.status == 1)
        #expect(try Self.errorKind(never) == "offline", "\(never.stdout)")

        try await server.control("POST", "/__control/up")
        let saved = try Self.objects(try Self.courses(["--json"], shell))
        try await server.control("POST", "/__control/down")
        let down = try Self.courses(["--json"], shell)
        #expect(down.status == 0, "\(down.stderr)")
        #expect(try Self.objects(down).count == saved.count)
        #expect(down.stderr.contains("showing what was saved"), "\(down.stderr)")
    }

    @Test func aRefusedTokenIsAnAuthFailureAndABadScopeAUsageOneBothAsJSON() throws {
        let server = try FakeCanvasServer()
        defer { server.stop() }
        let shell = try CanvasCommandLine(server: server)
        defer { shell.remove() }
        var environment = shell.environment
        environment["CANVAS_TOKEN"] = "not-the-token"
        let refused = try AppCommand.run(["courses", "--canvas", server.baseURL.absoluteString, "--data-dir", shell.data.path, "--json"], environment: environment)
        #expect(refused.status == 1)
        #expect(try Self.errorKind(refused) == "auth", "\(refused.stdout)")
        #expect(refused.stderr.contains("rejected the access token"), "\(refused.stderr)")

        let usage = try Self.courses(["--scope", "past", "--json"], shell)
        #expect(usage.status == 2)
        #expect(try Self.errorKind(usage) == "usage")
        #expect(usage.stderr.contains("--scope is current, favorites or all, not 'past'"), "\(usage.stderr)")
        let plain = try Self.courses(["--scope", "past"], shell)
        #expect(plain.status == 2 && plain.stdout.isEmpty, "without --json, stdout stays empty")
    }
}
