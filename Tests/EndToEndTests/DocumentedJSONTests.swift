import FakeCanvasKit
import Foundation
import Testing

/// Every command's `--json` against the table README gives it, on output that has each kind of
/// object in it: the queue with a file, a hand-in that was taken and a download; what `sync` did;
/// what is due; the status. (`courses`, `course`, `grades` and the error object are checked
/// where their commands are tested.)
@Suite struct DocumentedJSONTests {
    static func problems(_ text: String, _ name: String) throws -> [String] {
        let schema = try DocumentedJSON(name)
        switch try JSONValue.parse(text) {
        case let .array(elements):
            return elements.flatMap { element in element.objectValue.map { schema.problems(in: $0) } ?? ["\(element) is not an object"] }
        case let .object(object):
            return schema.problems(in: object)
        default:
            return ["\(text) is neither an array nor an object"]
        }
    }

    @Test func queueSyncAndStatusPrintWhatReadmeDocuments() async throws {
        let server = try FakeCanvasServer()
        defer { server.stop() }
        let shell = try CanvasCommandLine(server: server)
        defer { shell.remove() }
        let notes = shell.directory.appendingPathComponent("notes.txt")
        try Data("notes".utf8).write(to: notes)
        let upload = try CourseCommandTests.run(["upload", "--course", "2", notes.path], shell)
        #expect(upload.status == 0, "a teacher adds a file: \(upload.stderr)")
        let sent = try CourseCommandTests.run(["drain", "--timeout", "60"], shell)
        #expect(sent.status == 0, "\(sent.stdout)")
        try await server.configure(#"{"role": "student"}"#)
        let essay = shell.directory.appendingPathComponent("essay.pdf")
        try Data("an essay".utf8).write(to: essay)
        let handIn = try CourseCommandTests.run(["submit", "--course", "2", "--assignment", "500021", "--yes", essay.path], shell)
        #expect(handIn.status == 0, "\(handIn.stderr)")
        let drain = try CourseCommandTests.run(["drain", "--timeout", "60"], shell)
        #expect(drain.status == 0, "\(drain.stdout)")

        let sync = try CourseCommandTests.run(["sync", "--course", "2", shell.directory.appendingPathComponent("course-2").path, "--json"], shell)
        #expect(sync.status == 0, "\(sync.stderr)")
        let syncProblems = try Self.problems(sync.stdout, "sync")
        #expect(syncProblems.isEmpty, "\(syncProblems)")
        #expect(sync.stdout.contains(#""status" : "new""#) && sync.stdout.contains(#""status" : "locked""#), "\(sync.stdout)")

        let queue = try CourseCommandTests.run(["queue", "--json"], shell)
        #expect(queue.status == 0, "\(queue.stderr)")
        let queueProblems = try Self.problems(queue.stdout, "queue")
        #expect(queueProblems.isEmpty, "\(queueProblems)")
        let jobs = try #require(try JSONValue.parse(queue.stdout).arrayValue).compactMap(\.objectValue)
        #expect(Set(jobs.compactMap { $0["kind"]?.stringValue }) == ["submission", "course_file", "download"], "\(jobs)")
        let submission = try #require(jobs.first { $0["kind"] == .string("submission") })
        #expect(submission["assignment"]?.objectValue?["submitted"]?.objectValue?["attempt"] != nil, "the hand-in was taken: \(submission)")

        let due = try CourseCommandTests.run(["due", "--json"], shell)
        #expect(due.status == 0, "\(due.stderr)")
        let dueProblems = try Self.problems(due.stdout, "due")
        #expect(dueProblems.isEmpty, "\(dueProblems)")
        let states = Set((try JSONValue.parse(due.stdout).arrayValue ?? []).compactMap { $0.objectValue?["state"]?.stringValue })
        #expect(states.contains("missing") && states.count >= 2, "a student's planner has states: \(states)")

        let status = try CourseCommandTests.run(["status", "--json"], shell)
        #expect(status.status == 0, "\(status.stderr)")
        let statusProblems = try Self.problems(status.stdout, "status")
        #expect(statusProblems.isEmpty, "\(statusProblems)")
        #expect(status.stdout.contains(#""token" : "accepted""#))
    }
}
