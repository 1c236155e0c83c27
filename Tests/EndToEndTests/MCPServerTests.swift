import FakeCanvasKit
import FakeMoodleKit
import Foundation
import Glibc
import Testing

/// `coursebrowser mcp` spoken to over pipes as an assistant's client speaks to it: the tools it
/// lists, what's due this week from the fake Canvas online, from its saved copy offline and when
/// the site is slow, every tool, the protocol's errors, a huge request, a cancelled call and a
/// client that goes away mid-answer.
@Suite struct MCPServerTests {
    static let toolNames: Set = ["courses", "course", "due", "grades", "announcements", "files", "search", "queue_status", "prepare_hand_in"]

    /// The structured content of a tool's result that did not fail: its source and data.
    static func content(_ result: [String: JSONValue], sourceLocation: SourceLocation = #_sourceLocation) throws -> (source: [String: JSONValue], data: JSONValue) {
        #expect(result["isError"] == .boolean(false), "\(result)", sourceLocation: sourceLocation)
        let structured = try #require(result["structuredContent"]?.objectValue, "\(result)", sourceLocation: sourceLocation)
        let text = try #require(result["content"]?.arrayValue?.first?.objectValue?["text"]?.stringValue, sourceLocation: sourceLocation)
        #expect(try JSONValue.parse(text) == .object(structured), "the text is the structured content", sourceLocation: sourceLocation)
        return (try #require(structured["source"]?.objectValue, sourceLocation: sourceLocation), try #require(structured["data"], sourceLocation: sourceLocation))
    }

    /// The IDs of the items under every heading of the due tool's data.
    static func dueIDs(_ data: JSONValue) -> [String] {
        (data.objectValue?["groups"]?.arrayValue ?? []).flatMap { group in
            (group.objectValue?["items"]?.arrayValue ?? []).compactMap { $0.objectValue?["id"]?.stringValue }
        }
    }

    /// A fake Canvas whose user is a student, a command line for it, and a server asked over pipes.
    static func student() async throws -> (FakeCanvasServer, CanvasCommandLine, MCPClient) {
        let server = try FakeCanvasServer()
        try await server.configure(#"{"role": "student"}"#)
        let shell = try CanvasCommandLine(server: server)
        return (server, shell, try MCPClient(shell.arguments, environment: shell.environment))
    }

    static func errorCode(_ answer: [String: JSONValue]) -> Int? {
        if case let .number(code)? = answer["error"]?.objectValue?["code"] { return Int(code) }
        return nil
    }

    @Test func anAssistantListsTheToolsAndLearnsWhatIsDueThisWeekOnlineOfflineAndWhenCanvasIsSlow() async throws {
        let (server, shell, client) = try await Self.student()
        defer { server.stop() }
        defer { shell.remove() }

        let discovery = try #require(try client.ask(1, "server/discover")["result"]?.objectValue)
        #expect(discovery["supportedVersions"] == .array([.string("2026-07-28")]))
        #expect(discovery["serverInfo"]?.objectValue?["name"] == .string("coursebrowser"))
        #expect(discovery["resultType"] == .string("complete"))
        let tools = try #require(try client.ask(2, "tools/list")["result"]?.objectValue?["tools"]?.arrayValue).compactMap(\.objectValue)
        #expect(Set(tools.compactMap { $0["name"]?.stringValue }) == Self.toolNames)
        for tool in tools {
            #expect(tool["inputSchema"]?.objectValue?["type"] == .string("object"), "\(tool)")
            #expect(tool["annotations"]?.objectValue?["readOnlyHint"] == .boolean(true), "\(tool)")
        }
        let handIn = try #require(tools.first { $0["name"] == .string("prepare_hand_in") }?["description"]?.stringValue)
        #expect(handIn.contains("never hands anything in"), "the tool says it only prepares: \(handIn)")

        let online = try Self.content(try client.call(3, "due", ["days": 7]))
        #expect(online.source["from"] == .string("site") && online.source["saved_at"] == JSONValue.null, "\(online.source)")
        let week = Self.dueIDs(online.data)
        let command = try CourseCommandTests.run(["due", "--days", "7", "--json"], shell)
        let expected = try #require(try JSONValue.parse(command.stdout).arrayValue).compactMap { $0.objectValue?["id"]?.stringValue }
        #expect(!week.isEmpty && week == expected, "the Due pane's items, in its order: \(week) against \(expected)")
        let headings = (online.data.objectValue?["groups"]?.arrayValue ?? []).compactMap { $0.objectValue?["heading"]?.stringValue }
        #expect(headings.first == "Missing" || headings.first == "Today", "grouped as the pane groups: \(headings)")

        try await server.control("POST", "/__control/down")
        let down = try Self.content(try client.call(4, "due", ["days": 7]))
        #expect(down.source["from"] == .string("saved_copy"), "\(down.source)")
        #expect(down.source["age"]?.stringValue != nil && down.source["saved_at"]?.stringValue != nil, "its age: \(down.source)")
        #expect(Self.dueIDs(down.data) == week)
        try await server.control("POST", "/__control/up")

        try await server.fault(#"{"match": "/api/v1/planner/items", "kind": "hold", "count": -1, "seconds": 20}"#)
        let started = Date()
        let slow = try Self.content(try client.call(5, "due", ["days": 7]))
        #expect(Date().timeIntervalSince(started) < 12, "a saved copy doesn't wait for a slow site")
        #expect(slow.source["from"] == .string("saved_copy"), "\(slow.source)")
        client.closeInput()
        #expect(client.finish() == 0, "\(client.stderr)")

        let asked = try await server.requests().count
        let offline = try MCPClient(shell.arguments + ["--offline"], environment: shell.environment)
        let saved = try Self.content(try offline.call(1, "due", ["days": 7]))
        #expect(saved.source["from"] == .string("saved_copy"))
        #expect(Self.dueIDs(saved.data) == week)
        offline.closeInput()
        #expect(offline.finish() == 0)
        #expect(try await server.requests().count == asked, "--offline asks Canvas nothing")
    }

    @Test func everyToolAnswersFromTheFakeCanvasAndTheHandInIsOnlyPrepared() async throws {
        let (server, shell, client) = try await Self.student()
        defer { server.stop() }
        defer { shell.remove() }

        let courses = try Self.content(try client.call(1, "courses"))
        let listed = try JSONValue.parse(try CourseCommandTests.run(["courses", "--json"], shell).stdout).arrayValue
        #expect(courses.data.arrayValue?.count == listed?.count && listed?.isEmpty == false, "the Current view, as the course list shows it")
        let course = try Self.content(try client.call(2, "course", ["course_id": "2"]))
        #expect(course.data.objectValue?["course"]?.objectValue?["id"] == .string("2"))
        #expect(course.data.objectValue?["assignments"]?.arrayValue?.count == 3)
        let grades = try Self.content(try client.call(3, "grades", ["course_id": 4]))
        #expect(grades.data.objectValue?["groups"]?.arrayValue?.count == 3, "a course ID as a number works too")
        let announcements = try Self.content(try client.call(4, "announcements", ["course_id": "2"]))
        let posts = announcements.data.objectValue?["announcements"]?.arrayValue ?? []
        #expect(!posts.isEmpty)
        let files = try Self.content(try client.call(5, "files", ["course_id": "2"]))
        #expect(files.data.objectValue?["files"]?.arrayValue?.count == 5)
        let search = try Self.content(try client.call(6, "search", ["query": "chapter 1"]))
        let matches = (search.data.objectValue?["matches"]?.arrayValue ?? []).compactMap(\.objectValue)
        #expect(matches.contains { $0["kind"] == .string("file") && $0["course_id"] == .string("2") && $0["title"] == .string("Readings/Week 1/Chapter 1.txt") }, "\(matches)")
        if case let .number(detailed)? = search.data.objectValue?["courses_with_details"] {
            #expect(detailed >= 1, "the course read above is searched in detail")
        } else {
            Issue.record("no courses_with_details in \(search.data)")
        }
        let queue = try Self.content(try client.call(7, "queue_status"))
        #expect(queue.data.objectValue?["jobs"] == .array([]))

        let essay = shell.directory.appendingPathComponent("essay draft.pdf")
        try Data("essay".utf8).write(to: essay)
        let prepared = try Self.content(try client.call(8, "prepare_hand_in", ["course_id": "2", "assignment_id": "500021", "files": [essay.path]]))
        let answer = try #require(prepared.data.objectValue)
        #expect(answer["ready"] == .boolean(true), "\(answer)")
        let line = try #require(answer["command"]?.stringValue)
        #expect(line.hasPrefix("coursebrowser submit --canvas "), "\(line)")
        #expect(line.hasSuffix("--course 2 --assignment 500021 -- '\(essay.path)'"), "\(line)")
        let refused = try Self.content(try client.call(9, "prepare_hand_in", ["course_id": "2", "assignment_id": "500021", "files": ["/nonexistent/essay.exe"]]))
        #expect(refused.data.objectValue?["ready"] == .boolean(false))
        #expect(refused.data.objectValue?["command"] == JSONValue.null)
        #expect((refused.data.objectValue?["problems"]?.arrayValue ?? []).count >= 2, "the type and the missing file: \(refused.data)")
        // An allowed type, so only the name stops it: an override makes it show as "essayfdp.txt".
        let hidden = shell.directory.appendingPathComponent("essay\u{202E}txt.pdf")
        try Data("essay".utf8).write(to: hidden)
        let disguised = try Self.content(try client.call(10, "prepare_hand_in", ["course_id": "2", "assignment_id": "500021", "files": [hidden.path]]))
        #expect(disguised.data.objectValue?["ready"] == .boolean(false), "a name that reads as another is no command: \(disguised.data)")
        #expect(disguised.data.objectValue?["command"] == JSONValue.null)
        let optionLike = shell.directory.appendingPathComponent("--yes.pdf")
        try Data("essay".utf8).write(to: optionLike)
        let asFile = try Self.content(try client.call(11, "prepare_hand_in", ["course_id": "2", "assignment_id": "500021", "files": [optionLike.path]]))
        #expect(asFile.data.objectValue?["command"]?.stringValue?.hasSuffix(" -- \(optionLike.path)") == true, "\(asFile.data)")
        client.closeInput()
        #expect(client.finish() == 0)

        let queued = try CourseCommandTests.run(["queue", "--json"], shell)
        #expect(queued.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[\n\n]", "nothing was queued: \(queued.stdout)")
        #expect(try await server.requests().allSatisfy { $0.method == "GET" }, "nothing was sent")
    }

    @Test func malformedUnknownAndMisversionedRequestsGetTheProtocolsErrorsAndTheServerGoesOn() throws {
        let home = try UploadEndToEndTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: home) }
        let client = try MCPClient([], environment: AppCommand.environment(token: nil, home: home))
        try client.send("{not json")
        let parse = try client.next()
        #expect(Self.errorCode(parse) == -32700 && parse["id"] == JSONValue.null, "\(parse)")
        try client.send(#"[{"jsonrpc":"2.0","id":1,"method":"tools/list"}]"#)
        #expect(Self.errorCode(try client.next()) == -32600, "no batches")
        try client.send(String(repeating: "[", count: 100_000))
        #expect(Self.errorCode(try client.next()) == -32700, "nesting too deep to read")

        #expect(Self.errorCode(try client.ask(2, "tools/list", stateless: false)) == -32602, "neither _meta nor initialize")
        try client.send(MCPClient.text(["jsonrpc": "2.0", "id": 3, "method": "tools/list", "params": ["_meta": [
            "io.modelcontextprotocol/protocolVersion": "1900-01-01", "io.modelcontextprotocol/clientCapabilities": [String: Any](),
        ]]]))
        let unsupported = try client.answer(to: 3)
        #expect(Self.errorCode(unsupported) == -32022, "\(unsupported)")
        #expect(unsupported["error"]?.objectValue?["data"]?.objectValue?["supported"] == .array([.string("2026-07-28")]), "only what a request may declare")
        #expect(Self.errorCode(try client.ask(4, "prompts/list")) == -32601)
        #expect(Self.errorCode(try client.ask(5, "tools/call", ["name": "rm_rf"])) == -32602, "an unknown tool")
        let badArguments = try client.call(6, "due", ["days": 9999])
        #expect(badArguments["isError"] == .boolean(true), "\(badArguments)")
        #expect(badArguments["structuredContent"]?.objectValue?["error"]?.objectValue?["kind"] == .string("usage"))
        #expect(Self.errorCode(try client.ask(7, "resources/read", ["uri": "coursebrowser://nowhere"])) == -32602, "not found, as 2026-07-28 says it")

        let handshake = try #require(try client.ask(8, "initialize", [
            "protocolVersion": "2025-11-25", "capabilities": [String: Any](), "clientInfo": ["name": "legacy", "version": "1"],
        ], stateless: false)["result"]?.objectValue)
        #expect(handshake["protocolVersion"] == .string("2025-11-25"))
        #expect(handshake["serverInfo"]?.objectValue?["name"] == .string("coursebrowser"))
        try client.send(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)
        #expect(try client.ask(9, "ping", stateless: false)["result"] == .object([:]))
        let listed = try client.ask(10, "tools/list", stateless: false)
        #expect(listed["result"]?.objectValue?["tools"]?.arrayValue?.count == Self.toolNames.count)
        #expect(listed["result"]?.objectValue?["resultType"] == nil, "the handshake's revision has no resultType")
        #expect(Self.errorCode(try client.ask(11, "resources/read", ["uri": "coursebrowser://nowhere"], stateless: false)) == -32002, "not found, as 2025-11-25 says it")
        let course = try Self.content(try client.call(12, "course", ["course_id": "10002"]))
        #expect(course.source["site"] == .string("coursebrowser-sample"))
        client.closeInput()
        #expect(client.finish() == 0, "\(client.stderr)")
    }

    @Test func aHugeRequestIsRefusedWithoutHoldingItAndAResourceReadsAsItsTool() throws {
        let home = try UploadEndToEndTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: home) }
        let client = try MCPClient([], environment: AppCommand.environment(token: nil, home: home))
        let huge = #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search","arguments":{"query":""# + String(repeating: "x", count: 3 << 20) + #""}}}"#
        try client.send(huge)
        let refused = try client.next()
        #expect(Self.errorCode(refused) == -32600, "\(refused)")
        let read = try client.ask(2, "resources/read", ["uri": "coursebrowser://courses/10002/grades"])
        let contents = try #require(read["result"]?.objectValue?["contents"]?.arrayValue?.first?.objectValue)
        #expect(contents["mimeType"] == .string("application/json"))
        let text = try #require(contents["text"]?.stringValue)
        #expect(try JSONValue.parse(text).objectValue?["data"]?.objectValue?["course_id"] == .string("10002"))
        client.closeInput()
        #expect(client.finish() == 0)
    }

    @Test func aCancelledCallIsNeverAnsweredAndAClientThatGoesAwayEndsTheServer() async throws {
        let server = try FakeCanvasServer()
        defer { server.stop() }
        let shell = try CanvasCommandLine(server: server)
        defer { shell.remove() }
        try await server.fault(#"{"match": "/api/v1/planner/items", "kind": "hold", "count": -1, "seconds": 30}"#)
        let client = try MCPClient(shell.arguments, environment: shell.environment)
        try client.request(1, "tools/call", ["name": "due", "arguments": ["days": 7]])
        try client.send(#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1,"reason":"the person moved on"}}"#)
        let answered = try client.ask(2, "tools/list")
        #expect(answered["result"] != nil, "the server goes on: \(answered)")
        client.closeInput()
        let rest = client.rest()
        #expect(!rest.contains { $0["id"] == .number(1) }, "the cancelled call is never answered: \(rest)")
        #expect(client.finish(timeout: 20) == 0, "no call left to wait for: \(client.stderr)")

        let leaving = try MCPClient(shell.arguments, environment: shell.environment)
        try leaving.request(1, "tools/call", ["name": "courses", "arguments": ["scope": "all"]])
        leaving.closeOutput()
        try? leaving.request(2, "tools/call", ["name": "course", "arguments": ["course_id": "2"]])
        leaving.closeInput()
        let status = leaving.finish(timeout: 60)
        #expect(status == 0, "ends quietly, not by SIGPIPE (141): \(String(describing: status)) \(leaving.stderr)")
    }

    @Test func aBurstOfQuestionsIsHeldToTheRateBudgetAndMeetsNo403() async throws {
        let server = try FakeCanvasServer()
        defer { server.stop() }
        let shell = try CanvasCommandLine(server: server)
        defer { shell.remove() }
        try await server.configure(RateBudgetEndToEndTests.bucket)
        var environment = shell.environment
        environment["CANVAS_RATE_OUTFLOW"] = "100"
        let client = try MCPClient(shell.arguments, environment: environment)
        let courses = 1...12
        for course in courses {
            try client.request(course, "tools/call", ["name": "course", "arguments": ["course_id": "\(course)"]])
        }
        for course in courses {
            let answer = try client.answer(to: course, timeout: 90)
            #expect(answer["result"]?.objectValue?["isError"] == .boolean(false), "\(answer)")
        }
        client.closeInput()
        #expect(client.finish() == 0)
        let bucket = try JSONDecoder().decode(RateBudgetEndToEndTests.Bucket.self, from: try await server.control("GET", "/__control/rate_bucket"))
        #expect(bucket.throttled.map(\.path) == [], "requests met a 403")
        #expect(bucket.admitted * 40 > 600 + 50, "the burst spent more than the bucket holds, so it was held back")
    }

    @Test func onMoodleWhatIsDueAndTheGradesAsTheSiteReportsThem() throws {
        let server = try FakeMoodleServer()
        defer { server.stop() }
        let home = try MoodleHome(server)
        try home.logIn()
        let client = try MCPClient([], environment: home.environment)
        let due = try Self.content(try client.call(1, "due", ["days": 28]))
        #expect(due.source["site"] == .string(home.host))
        #expect(Self.dueIDs(due.data).contains("assign:1031"), "\(due.data)")
        let grades = try Self.content(try client.call(2, "grades", ["course_id": "101"]))
        #expect(grades.data.objectValue?["computed_by"] == .string("Moodle"))
        let course = try Self.content(try client.call(3, "course", ["course_id": "101"]))
        #expect(course.data.objectValue?["course"]?.objectValue?["code"] == .string("INT2215"))
        client.closeInput()
        #expect(client.finish() == 0)
    }
}
