import FakeCanvasKit
import Foundation
import HTTP

/// The loopback fake Moodle (`Tests/FakeMoodle/fake_moodle.py`) in a child process, one per test.
package final class FakeMoodleServer: @unchecked Sendable {
    /// One assignment's submission as the server holds it (`GET /__control/submissions`).
    package struct Submission: Decodable, Equatable {
        package struct File: Decodable, Equatable {
            package var name: String
            package var filepath: String?
            package var size: Int64
            package var sha256: String
        }

        package var assignid: Int
        package var cmid: Int
        package var status: String?
        package var attemptnumber: Int?
        package var timemodified: Int?
        package var files: [File]
        package var onlinetext: String?
        /// The files the online text embeds.
        package var onlinetext_files: [String]?
        /// Successful `mod_assign_save_submission` and `mod_assign_submit_for_grading` calls.
        package var saves: Int
        package var submits: Int
    }

    /// One request the server saw; it records no token and no password.
    package struct LoggedRequest: Decodable {
        package var method: String
        package var path: String
        package var wsfunction: String?
        package var token_in_url: Bool?
        package var token_valid: Bool?
        package var range: String?
        package var if_range: String?
        package var fault: String?
        /// When it arrived and when its answer was written, in seconds since the server started.
        package var time: Double?
        package var answered: Double?
    }

    package let token: String
    package let baseURL: URL
    private let controlPort: ControlPort
    private let process: ServerProcess

    /// The student's username and password on the fake site.
    package static let username = "sv2026001"
    package static let password = "Mật-khẩu-1"

    /// Starts a server and waits until it listens; stop it with `stop()` in a `defer`.
    package init(token: String = "0123456789abcdef0123456789abcdef", arguments: [String] = []) throws {
        self.token = token
        process = try ServerProcess(
            script: "fake_moodle.py", folder: "FakeMoodle",
            arguments: ["--port", "0", "--token", token, "--lifetime", "600"] + arguments, names: ["PORT", "CONTROL"]
        )
        do {
            baseURL = try process.loopbackURL("PORT")
            controlPort = ControlPort(try process.loopbackURL("CONTROL"))
        } catch {
            process.stop()
            throw error
        }
    }

    package func stop() {
        process.stop()
    }

    /// Sends a control request on the control port, which stays up while the site is down.
    @discardableResult
    package func control(_ method: String, _ path: String, json: String? = nil) async throws -> Data {
        try await controlPort.send(method, path, json: json)
    }

    /// Adds fault rules (`{"match", "kind", "count", …}`, one or a list).
    package func fault(_ json: String) async throws {
        try await control("POST", "/__control/faults", json: json)
    }

    /// Changes the site's settings (`typeoflogin`, `maintenance`, `disabled_functions`, …).
    package func configure(_ json: String) async throws {
        try await control("POST", "/__control/config", json: json)
    }

    package func submissions() async throws -> [Submission] {
        try JSONDecoder().decode([Submission].self, from: try await control("GET", "/__control/submissions"))
    }

    /// A post of a forum discussion as the site keeps it.
    package struct ForumPost: Decodable, Equatable {
        package var id: Int
        /// The post replied to; 0 for the discussion's first post.
        package var parent: Int
        package var userid: Int
        package var subject: String
        package var message: String
    }

    /// Every post of `discussion`, in ID order (`/__control/forum_posts`).
    package func forumPosts(discussion: Int) async throws -> [ForumPost] {
        try JSONDecoder().decode([ForumPost].self, from: try await control("GET", "/__control/forum_posts", json: #"{"discussion": \#(discussion)}"#))
    }

    package func requests() async throws -> [LoggedRequest] {
        try JSONDecoder().decode([LoggedRequest].self, from: try await control("GET", "/__control/requests"))
    }

    /// Closes the site's port (for `seconds`, when given), as a network that went away.
    package func down(seconds: Double? = nil) async throws {
        try await control("POST", "/__control/down", json: seconds.map { #"{"seconds": \#($0)}"# })
    }

    package func up() async throws {
        try await control("POST", "/__control/up")
    }
}
