import Foundation
import HTTP

/// The loopback fake Canvas (`Tests/FakeCanvas/fake_canvas.py`) in a child process, one per test.
package final class FakeCanvasServer: @unchecked Sendable {
    /// A file the server holds after a confirmed upload.
    package struct StoredFile: Decodable, Equatable {
        package var id: Int
        package var course_id: Int
        package var folder: String
        package var name: String
        package var size: Int64
        package var sha256: String
    }

    /// One attempt at an assignment the server recorded, with its files.
    package struct RecordedSubmission: Decodable, Equatable {
        package struct File: Decodable, Equatable {
            package var id: Int
            package var name: String
            package var size: Int64
            package var sha256: String
        }

        package var course_id: Int
        package var assignment_id: Int
        package var attempt: Int
        package var late: Bool
        package var files: [File]
        /// `online_upload`, `online_text_entry` or `online_url`.
        package var submission_type: String?
        package var body: String?
        package var url: String?
    }

    /// One request the server saw; it records whether a token came, never the token.
    package struct LoggedRequest: Decodable {
        package var method: String
        package var path: String
        package var auth_present: Bool
        package var auth_valid: Bool
        package var fault: String?
        /// Whether it went to the file store that serves course files (another origin than Canvas).
        package var store: Bool?
        /// The `Range` and `If-Range` headers as sent.
        package var range: String?
        package var if_range: String?

        package var isStep1: Bool { method == "POST" && path.contains("/files") && path.hasPrefix("/api/v1/courses/") }
        /// The file's bytes sent to the store: its own origin, or Canvas's `/files_api` where Canvas keeps files itself.
        package var isStep2: Bool { path.hasPrefix("/files_api/upload/") || path == "/files_api" || path.hasPrefix("/files_api?") }
        package var isStep3: Bool { path.contains("/create_success") || (method == "GET" && path.hasPrefix("/api/v1/files/")) }
        package var isStore: Bool { store == true }
    }

    /// A course file as the server holds it (`GET /__control/course_files`), with its bytes' digest.
    package struct CourseFile: Decodable, Equatable {
        package var id: Int
        package var course_id: Int
        package var folder_id: Int
        package var name: String
        package var size: Int64
        package var version: Int
        package var etag: String
        package var updated_at: String
        package var sha256: String
    }

    /// The part of a course file's Canvas JSON a test needs after adding or changing it.
    package struct AddedFile: Decodable, Equatable {
        package var id: Int
        package var folder_id: Int
        package var display_name: String
        package var size: Int64
        package var updated_at: String
        package var url: String
    }

    package let token: String
    package let baseURL: URL
    /// The file store's origin, where a course file's `url` redirects: never to see the token.
    package let storeURL: URL
    private let controlPort: ControlPort
    private let process: ServerProcess

    /// Starts a server and waits until it listens; stop it with `stop()` in a `defer`.
    package init(token: String = "T0ken-for-tests", arguments: [String] = []) throws {
        self.token = token
        process = try ServerProcess(
            script: "fake_canvas.py",
            arguments: ["--port", "0", "--token", token, "--lifetime", "300"] + arguments,
            names: ["PORT", "CONTROL", "STORE"]
        )
        guard let port = process.ports["PORT"], let control = process.ports["CONTROL"], let storePort = process.ports["STORE"],
              let base = URL(string: "http://127.0.0.1:\(port)"), let controlBase = URL(string: "http://127.0.0.1:\(control)"),
              let store = URL(string: "http://127.0.0.1:\(storePort)") else {
            process.stop()
            throw ServerProcess.DidNotStart(output: "\(process.ports)")
        }
        baseURL = base
        self.controlPort = ControlPort(controlBase)
        storeURL = store
    }

    package func stop() {
        process.stop()
    }

    /// Sends a control request on the control port, which stays up while the API is down.
    @discardableResult
    package func control(_ method: String, _ path: String, json: String? = nil) async throws -> Data {
        try await controlPort.send(method, path, json: json)
    }

    package func files() async throws -> [StoredFile] {
        try JSONDecoder().decode([StoredFile].self, from: try await control("GET", "/__control/files"))
    }

    /// Every attempt at every assignment, in the order they were made.
    package func submissions() async throws -> [RecordedSubmission] {
        try JSONDecoder().decode([RecordedSubmission].self, from: try await control("GET", "/__control/submissions"))
    }

    /// The ID the server gives assignment `number` (1 Homework 1, 2 Essay, 3 Final Project) of course `course`.
    package static func assignmentID(course: Int, number: Int) -> String {
        String(500_000 + course * 10 + number)
    }

    /// A planner override as the server stores it, deleted ones too.
    package struct PlannerOverride: Decodable {
        package var id: Int
        package var plannable_type: String
        package var plannable_id: Int
        package var marked_complete: Bool
        package var workflow_state: String
    }

    /// A planner note as the server stores it, deleted ones too.
    package struct PlannerNote: Decodable {
        package var id: Int
        package var title: String
        package var todo_date: String
        package var details: String?
        package var course_id: Int?
        package var workflow_state: String
    }

    private struct Planner: Decodable {
        var overrides: [PlannerOverride]
        var notes: [PlannerNote]
    }

    /// Every planner override the student has, deleted ones too.
    package func plannerOverrides() async throws -> [PlannerOverride] {
        try JSONDecoder().decode(Planner.self, from: try await control("GET", "/__control/planner")).overrides
    }

    /// Every planner note the student has, deleted ones too.
    package func plannerNotes() async throws -> [PlannerNote] {
        try JSONDecoder().decode(Planner.self, from: try await control("GET", "/__control/planner")).notes
    }

    /// A discussion as the server keeps it: which of its replies the student has read.
    package struct Discussion: Decodable {
        package struct Entry: Decodable {
            package var id: Int
            package var parent_id: Int?
            package var user_id: Int?
            package var message: String?
            package var deleted: Bool
        }

        package var course_id: Int
        package var id: Int
        package var title: String
        package var read_entry_ids: [Int]
        package var unread_entry_ids: [Int]
        /// Every entry, deleted ones too, oldest first.
        package var entries: [Entry]

        /// The entries the user (ID 1) wrote, oldest first.
        package var own: [Entry] {
            entries.filter { $0.user_id == 1 && !$0.deleted }
        }
    }

    /// Every discussion (not announcement) the server seeded or was sent.
    package func discussions() async throws -> [Discussion] {
        try JSONDecoder().decode([Discussion].self, from: try await control("GET", "/__control/discussions"))
    }

    package func requests() async throws -> [LoggedRequest] {
        try JSONDecoder().decode([LoggedRequest].self, from: try await control("GET", "/__control/requests"))
    }

    package func configure(_ json: String) async throws {
        try await control("POST", "/__control/config", json: json)
    }

    package func fault(_ json: String) async throws {
        try await control("POST", "/__control/faults", json: json)
    }

    /// The ID the server gives a course's seeded file `number`: 1 `Syllabus.pdf`, 2 `Lecture 1.pdf`,
    /// 3 `Lecture 2.pdf` (200003 bytes), 4 `Chapter 1.txt`, 5 `Exam rules.pdf` (locked), 6 `Answers.pdf` (hidden folder).
    package static func fileID(course: Int, number: Int) -> String {
        String(2_000_000 + course * 100 + number)
    }

    /// Adds a course file of `size` generated bytes (or `content`) in `folder`, a path below the
    /// top folder such as `Lectures/Week 3`, made when missing.
    @discardableResult
    package func addFile(
        course: Int, name: String, size: Int64? = nil, content: String? = nil, folder: String = "",
        locked: Bool = false, lockExplanation: String? = nil
    ) async throws -> AddedFile {
        var fields: [String: Any] = ["course": course, "name": name, "folder": folder, "locked": locked]
        fields["size"] = size
        fields["content"] = content
        fields["lock_explanation"] = lockExplanation
        return try await postFile(fields)
    }

    /// Changes a course file's bytes: a new version, with a new ETag and a later `updated_at`.
    @discardableResult
    package func changeFile(id: Int, course: Int, size: Int64? = nil, content: String? = nil) async throws -> AddedFile {
        var fields: [String: Any] = ["course": course, "id": id]
        fields["size"] = size
        fields["content"] = content
        return try await postFile(fields)
    }

    private func postFile(_ fields: [String: Any]) async throws -> AddedFile {
        let body = try JSONSerialization.data(withJSONObject: fields)
        let answer = try await control("POST", "/__control/files", json: String(decoding: body, as: UTF8.self))
        return try JSONDecoder().decode(AddedFile.self, from: answer)
    }

    /// Every course file made so far, with the SHA-256 of its bytes.
    package func courseFiles() async throws -> [CourseFile] {
        try JSONDecoder().decode([CourseFile].self, from: try await control("GET", "/__control/course_files"))
    }

    /// A fault on the file store only, such as `store_drop_after` with `bytes`, `store_short`,
    /// `store_long`, `store_ignore_range` or `store_expired`; `count` -1 means every time.
    package func storeFault(_ kind: String, bytes: Int64 = 0, count: Int = 1) async throws {
        try await fault(#"{"match": "/store/", "kind": "\#(kind)", "bytes": \#(bytes), "count": \#(count)}"#)
    }
}
