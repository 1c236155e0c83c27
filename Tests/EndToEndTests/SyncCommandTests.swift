import FakeCanvasKit
import Foundation
import Testing

/// `coursebrowser sync` against the fake Canvas and its file store: a first run downloads every
/// file that can be, a second asks the store for nothing, a changed file comes again, and `--json`
/// says what became of each file.
@Suite(.serialized) struct SyncCommandTests {
    /// A request as `/__control/requests` logs it, with whether it went to the file store.
    struct Logged: Decodable {
        var path: String
        var store: Bool?
    }

    /// A fresh fake Canvas and a folder for the queue and the downloads; call `end()` in a `defer`.
    struct Setup {
        let queue: UploadEndToEndTests.QueueOnCanvas
        var server: FakeCanvasServer { queue.server }
        var environment: [String: String] { queue.environment }
        var options: [String] { queue.canvas }
        /// The DIR every sync of the test is given.
        var target: URL { queue.directory.appendingPathComponent("MATH 101 files") }

        init() throws {
            queue = try UploadEndToEndTests.QueueOnCanvas()
        }

        func sync(_ extra: [String] = []) async throws -> CommandResult {
            let (arguments, environment) = (["sync", "--course", "1", target.path] + extra + options, environment)
            return try await offThePool { try AppCommand.run(arguments, environment: environment) }
        }

        /// The requests that reached the file store since the log was last cleared.
        func storeRequests() async throws -> [Logged] {
            let data = try await server.control("GET", "/__control/requests")
            return try JSONDecoder().decode([Logged].self, from: data).filter { $0.store == true }
        }

        func end() {
            queue.end()
        }
    }

    @Test func aSecondSyncDownloadsNothingAndAsksTheStoreForNothing() async throws {
        let setup = try Setup()
        defer { setup.end() }
        let first = try await setup.sync()
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.hasSuffix("5 files, 4 new, 0 changed, 0 up to date, 0 failed, 1 locked\n"), "\(first.stdout)")
        #expect(first.stdout.contains("locked Readings/Exam rules.pdf: "), "\(first.stdout)")
        #expect(FileManager.default.fileExists(atPath: setup.target.appendingPathComponent("Syllabus.pdf").path))
        #expect(FileManager.default.fileExists(atPath: setup.target.appendingPathComponent("Lectures/Lecture 1.pdf").path))
        #expect(FileManager.default.fileExists(atPath: setup.target.appendingPathComponent("Readings/Week 1/Chapter 1.txt").path))
        #expect(!FileManager.default.fileExists(atPath: setup.target.appendingPathComponent("Solutions").path), "a hidden folder stays hidden")
        #expect(try await setup.storeRequests().count >= 4)

        _ = try await setup.server.control("DELETE", "/__control/requests")
        let second = try await setup.sync()
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.hasSuffix("5 files, 0 new, 0 changed, 4 up to date, 0 failed, 1 locked\n"), "\(second.stdout)")
        #expect(try await setup.storeRequests().isEmpty, "the second sync asked the file store")
    }

    @Test func aChangedFileIsDownloadedAgainOverItsOldCopy() async throws {
        let setup = try Setup()
        defer { setup.end() }
        let first = try await setup.sync(["--json"])
        #expect(first.status == 0, "\(first.stderr)")
        let listed = try #require(try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: Any])
        let files = try #require(listed["files"] as? [[String: Any]])
        let id = try #require(files.first { $0["name"] as? String == "Chapter 1.txt" }?["id"] as? String)
        let chapter = setup.target.appendingPathComponent("Readings/Week 1/Chapter 1.txt")
        _ = try await setup.server.control("POST", "/__control/files", json: #"{"course": 1, "id": \#(id), "content": "Chapter 1, second edition\n"}"#)

        let again = try await setup.sync()
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("changed Readings/Week 1/Chapter 1.txt → \(chapter.path)"), "\(again.stdout)")
        #expect(again.stdout.hasSuffix("5 files, 0 new, 1 changed, 3 up to date, 0 failed, 1 locked\n"), "\(again.stdout)")
        #expect(try String(contentsOf: chapter, encoding: .utf8) == "Chapter 1, second edition\n")
        let names = try FileManager.default.contentsOfDirectory(atPath: chapter.deletingLastPathComponent().path)
        #expect(names == ["Chapter 1.txt"], "no second copy, no part left: \(names)")
    }

    @Test func jsonSaysWhatBecameOfEveryFile() async throws {
        let setup = try Setup()
        defer { setup.end() }
        let result = try await setup.sync(["--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stdout)")
        #expect(object["total"] as? Int == 5)
        #expect(object["new"] as? Int == 4)
        #expect(object["locked"] as? Int == 1)
        #expect(object["failed"] as? Int == 0)
        let files = try #require(object["files"] as? [[String: Any]])
        for file in files where file["status"] as? String == "new" {
            let path = try #require(file["path"] as? String)
            #expect(path.hasPrefix(setup.target.path + "/"), "\(path)")
            #expect(FileManager.default.fileExists(atPath: path), "\(path)")
        }
        let locked = try #require(files.first { $0["status"] as? String == "locked" })
        #expect(locked["name"] as? String == "Exam rules.pdf")
        #expect(locked["path"] is NSNull)
    }

    @Test func aCourseThatDoesNotExistIsAClearErrorAndOfflineIsRefused() async throws {
        let setup = try Setup()
        defer { setup.end() }
        let missing = try AppCommand.run(["sync", "--course", "999"] + setup.options, environment: setup.environment)
        #expect(missing.status == 1)
        #expect(missing.stderr.hasPrefix("coursebrowser: "), "\(missing.stderr)")
        #expect(missing.stdout.isEmpty)
        let offline = try AppCommand.run(["sync", "--course", "1", "--offline"] + setup.options, environment: setup.environment)
        #expect(offline.status == 2)
        #expect(offline.stderr.contains("--offline only goes with"), "\(offline.stderr)")
    }
}
