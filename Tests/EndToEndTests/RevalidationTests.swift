import FakeCanvasKit
import Foundation
import Testing

/// A second start with nothing changed on Canvas asks with `If-None-Match` and gets `304`s, so it
/// downloads almost no bodies; a change still shows at the next start; and a Canvas without
/// ETags is asked as before. `sync` is the start here: every URL it asks is the same each time.
@Suite struct RevalidationTests {
    /// What the fake's log says of one request, as far as revalidation goes.
    struct Logged: Decodable {
        var method: String
        var path: String
        var store: Bool?
        var status: Int?
        var if_none_match: String?
        var body_bytes: Int?

        /// A request to Canvas's API, not to its file store or a download's redirect.
        var isAPI: Bool { store != true && path.hasPrefix("/api/") }
    }

    /// The requests since the log was last cleared, then clears it.
    static func takeLog(_ server: FakeCanvasServer) async throws -> [Logged] {
        let data = try await server.control("GET", "/__control/requests")
        try await server.control("DELETE", "/__control/requests")
        return try JSONDecoder().decode([Logged].self, from: data)
    }

    /// One `sync` of course 2 against `server` from `home` into `home/files`; its last line.
    static func sync(_ server: FakeCanvasServer, home: URL, sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        let arguments = ["sync", "--canvas", server.baseURL.absoluteString, "--course", "2", home.appendingPathComponent("files").path]
        let environment = AppCommand.environment(token: server.token, home: home)
        let result = try await offThePool { try AppCommand.run(arguments, environment: environment) }
        #expect(result.status == 0, "\(result.stderr)", sourceLocation: sourceLocation)
        return result.stdout.split(separator: "\n").last.map(String.init) ?? ""
    }

    /// The body bytes Canvas's API sent in `log`.
    static func apiBodyBytes(_ log: [Logged]) -> Int {
        log.filter(\.isAPI).reduce(0) { $0 + ($1.body_bytes ?? 0) }
    }

    /// The files of kept answers under `home`'s cache directory.
    static func kept(in home: URL) -> [String] {
        let folder = home.appendingPathComponent(".cache/coursebrowser/http")
        return (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    }

    static func start() async throws -> (FakeCanvasServer, URL) {
        let server = try FakeCanvasServer(arguments: ["--courses", "3"])
        try await server.configure(#"{"role": "student"}"#)
        return (server, try UploadEndToEndTests.temporaryDirectory())
    }

    @Test func aSecondStartWithNothingChangedCostsAtMostATenthOfTheFirstsBodiesAndAChangeStillShows() async throws {
        let (server, home) = try await Self.start()
        defer { server.stop() }
        defer { try? FileManager.default.removeItem(at: home) }

        let firstSummary = try await Self.sync(server, home: home)
        let first = try await Self.takeLog(server)
        let secondSummary = try await Self.sync(server, home: home)
        let second = try await Self.takeLog(server)

        #expect(firstSummary.contains("4 new") && secondSummary.contains("4 up to date"), "\(firstSummary) / \(secondSummary)")
        let asked = second.filter(\.isAPI)
        #expect(!asked.isEmpty && asked.allSatisfy { $0.if_none_match != nil && $0.status == 304 }, "\(asked.map(\.path))")
        let (firstBytes, secondBytes) = (Self.apiBodyBytes(first), Self.apiBodyBytes(second))
        #expect(firstBytes > 0)
        #expect(secondBytes * 10 <= firstBytes, "second start \(secondBytes) body bytes from the API, first \(firstBytes)")
        #expect(!Self.kept(in: home).isEmpty, "the answers are kept beside the saved copies")

        // A teacher adds a file: the file list's answer changes, and the next start has it.
        try await server.addFile(course: 2, name: "Week 2.txt", content: "new reading")
        let thirdSummary = try await Self.sync(server, home: home)
        let third = try await Self.takeLog(server)
        #expect(thirdSummary.contains("1 new"), "\(thirdSummary)")
        #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent("files/Week 2.txt").path))
        let files = try #require(third.first { $0.path.hasPrefix("/api/v1/courses/2/files?") })
        #expect(files.if_none_match != nil && files.status == 200, "asked with the old tag, answered whole")
    }

    @Test func aCanvasWithoutETagsIsAskedWithoutConditionsAndWorksAsBefore() async throws {
        let (server, home) = try await Self.start()
        defer { server.stop() }
        defer { try? FileManager.default.removeItem(at: home) }
        try await server.configure(#"{"etags": false}"#)

        let firstSummary = try await Self.sync(server, home: home)
        let first = try await Self.takeLog(server)
        let secondSummary = try await Self.sync(server, home: home)
        let second = try await Self.takeLog(server)

        #expect(firstSummary.contains("4 new") && secondSummary.contains("4 up to date"), "\(firstSummary) / \(secondSummary)")
        #expect(!second.isEmpty && second.allSatisfy { $0.if_none_match == nil && $0.status != 304 })
        // The first start also asks whose token it is; after that, the same requests, answered whole both times.
        let firstBodies = Dictionary(first.filter(\.isAPI).map { ($0.path, $0.body_bytes) }) { $1 }
        let asked = second.filter(\.isAPI)
        #expect(!asked.isEmpty && asked.allSatisfy { ($0.body_bytes ?? 0) > 0 && firstBodies[$0.path] == $0.body_bytes }, "\(asked.map(\.path))")
        #expect(Self.kept(in: home).isEmpty, "nothing kept without validators")
    }
}
