import FakeCanvasKit
import Foundation
import Testing

/// The queue in words a person reads: courses by their codes and sizes as people say them, in
/// the Uploads pane and in `queue`; a finished upload removed with `d`; a partial success said
/// as one; and a course that does not exist refused before anything is queued.
@Suite struct QueueNamesEndToEndTests {
    /// The queue as `coursebrowser queue --json` prints it.
    static func jobs(_ data: URL, environment: [String: String]) throws -> [[String: Any]] {
        try UploadEndToEndTests.jobs(dataDirectory: data, environment: environment)
    }

    @Suite(.serialized) struct FromTheShell {
        @Test func queueNamesTheCourseByItsCodeAndSaysSizesAsThePaneDoes() throws {
            let directory = try UploadEndToEndTests.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let data = directory.appendingPathComponent("data")
            let file = directory.appendingPathComponent("my essay.txt")
            try TestFile.write(file, size: 2000)
            let environment = AppCommand.environment(token: nil, home: directory)

            let upload = try AppCommand.run(["upload", "--course", "10003", file.path, "--data-dir", data.path], environment: environment)
            #expect(upload.status == 0, "\(upload.stderr)")
            let id = try UploadEndToEndTests.queuedID(upload.stdout, file)
            let table = try AppCommand.run(["queue", "--data-dir", data.path], environment: environment)
            let row = table.stdout.split(separator: "\n").first { $0.hasPrefix(id) }.map(String.init)
            #expect(row?.contains(/^\S+ +INT2215 +file +my essay\.txt +2\.0 KB +queued +0$/) == true, "\(table.stdout)")

            let job = try #require(try QueueNamesEndToEndTests.jobs(data, environment: environment).first)
            #expect(job["size"] as? Int == 2000, "--json keeps the raw number")
            #expect(job["course"] as? String == "10003", "--json keeps the ID")
            #expect(job["course_name"] as? String == "INT2215")
        }

        @Test func aPartialUploadSaysWhatWasQueuedThenWhatWasNot() throws {
            let directory = try UploadEndToEndTests.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let data = directory.appendingPathComponent("data")
            let file = directory.appendingPathComponent("my essay.txt")
            try TestFile.write(file, size: 12)
            let missing = directory.appendingPathComponent("nothere.pdf")
            let environment = AppCommand.environment(token: nil, home: directory)

            let upload = try AppCommand.run(["upload", "--course", "10003", file.path, missing.path, "--data-dir", data.path], environment: environment)
            #expect(upload.status == 1, "a file that can't be queued fails the command")
            _ = try UploadEndToEndTests.queuedID(upload.stdout, file)
            #expect(upload.stderr == "coursebrowser: Can't find \(missing.path)\ncoursebrowser: Queued my essay.txt. Not queued: nothere.pdf\n", "\(upload.stderr)")
            #expect(try QueueNamesEndToEndTests.jobs(data, environment: environment).count == 1)
        }

        @Test func aCourseTheSampleDoesNotHaveIsRefusedAndNothingIsQueued() throws {
            let directory = try UploadEndToEndTests.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let data = directory.appendingPathComponent("data")
            let file = directory.appendingPathComponent("essay.pdf")
            try TestFile.write(file, size: 12)
            let environment = AppCommand.environment(token: nil, home: directory)

            let upload = try AppCommand.run(["upload", "--course", "99999", file.path, "--data-dir", data.path], environment: environment)
            #expect(upload.status == 1)
            #expect(upload.stdout.isEmpty)
            #expect(upload.stderr == "coursebrowser: No course with ID 99999\n")
            let submit = try AppCommand.run(["submit", "--course", "99999", "--assignment", "1", file.path, "--data-dir", data.path], environment: environment)
            #expect(submit.status == 1)
            #expect(submit.stderr == "coursebrowser: No course with ID 99999\n")
            #expect(try QueueNamesEndToEndTests.jobs(data, environment: environment).isEmpty, "nothing was queued")
        }

        @Test func aCourseCanvasAnswers404ForIsRefusedAndNothingIsQueued() async throws {
            let server = try FakeCanvasServer()
            defer { server.stop() }
            let directory = try UploadEndToEndTests.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let data = directory.appendingPathComponent("data")
            let file = directory.appendingPathComponent("essay.pdf")
            try TestFile.write(file, size: 12)
            let environment = AppCommand.environment(token: server.token, home: directory)
            let canvas = ["--canvas", server.baseURL.absoluteString, "--data-dir", data.path]

            let upload = try AppCommand.run(["upload", "--course", "99999", file.path] + canvas, environment: environment)
            #expect(upload.status == 1)
            #expect(upload.stderr == "coursebrowser: No course with ID 99999\n", "\(upload.stderr)")
            let submit = try AppCommand.run(["submit", "--course", "99999", "--assignment", "1", file.path] + canvas, environment: environment)
            #expect(submit.status == 1)
            #expect(submit.stderr == "coursebrowser: No course with ID 99999\n", "\(submit.stderr)")
            #expect(try QueueNamesEndToEndTests.jobs(data, environment: environment).isEmpty, "nothing was queued")

            let known = try AppCommand.run(["upload", "--course", "1", file.path] + canvas, environment: environment)
            #expect(known.status == 0, "\(known.stderr)")
            #expect(known.stderr.isEmpty, "a course Canvas has is queued without a word: \(known.stderr)")
        }

        /// The network is down and nothing was saved of the course: it is queued anyway, with a
        /// warning that it was not checked, as a hand-in must never be lost to a network that is down.
        @Test func aCourseThatCantBeCheckedWhileTheNetworkIsDownIsQueuedWithAWarning() throws {
            let directory = try UploadEndToEndTests.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let data = directory.appendingPathComponent("data")
            let file = directory.appendingPathComponent("essay.pdf")
            try TestFile.write(file, size: 12)
            let environment = AppCommand.environment(token: "1~offline", home: directory)
            // Nothing listens on port 9: the connection is refused, as with no network.
            let canvas = ["--canvas", "https://127.0.0.1:9", "--data-dir", data.path]

            let upload = try AppCommand.run(["upload", "--course", "5", file.path] + canvas, environment: environment)
            #expect(upload.status == 0, "\(upload.stderr)")
            #expect(upload.stderr.hasPrefix("coursebrowser: warning: can't check course 5 now ("), "\(upload.stderr)")
            #expect(upload.stderr.hasSuffix("); queued anyway, and checked when it is sent\n"), "\(upload.stderr)")
            _ = try UploadEndToEndTests.queuedID(upload.stdout, file)
        }
    }

    @Suite(.serialized) struct InTheUI {
        @Test func anUploadsRowNamesItsCourseByCodeAndDRemovesItOnceDone() async throws {
            let tmux = try await TmuxSession()
            defer { tmux.close() }
            let file = tmux.directory.appendingPathComponent("my essay.txt")
            try TestFile.write(file, size: 12)
            let environment = AppCommand.environment(token: nil, home: tmux.directory)
            let data = ["--data-dir", tmux.dataDirectory.path]
            let upload = try AppCommand.run(["upload", "--course", "10003", file.path] + data, environment: environment)
            #expect(upload.status == 0, "\(upload.stderr)")
            let drain = try AppCommand.run(["drain", "--timeout", "30"] + data, environment: environment)
            #expect(drain.status == 0, "\(drain.stdout)\(drain.stderr)")

            try tmux.launchApp(["--course", "10003"] + data)
            try await tmux.waitFor(box: "Course", "course 10003 open") { $0.isFocused && $0.contains("Lập trình Swift cơ bản") }
            let uploads = try await tmux.waitFor(boxTitled: "Queue", "the row with its course code") { $0.contains("INT2215") }
            let row = UploadEndToEndTests.rows(uploads).first
            #expect(row?.contains(/^✓ my essay\.txt +INT2215 +12 B +done$/) == true, "\(uploads)")

            try tmux.press("Tab")
            try await tmux.waitFor(boxTitled: "Queue", "focus") { $0.isFocused }
            try tmux.press("r")
            try await tmux.waitFor(boxTitled: "Queue", "why r does nothing") { $0.contains("The selected upload has nothing to retry") }
            try tmux.press("d")
            let emptied = try await tmux.waitFor(boxTitled: "Queue", "the finished job gone") { $0.contains("Nothing queued") }
            #expect(!emptied.contains("my essay.txt"))
            #expect(try QueueNamesEndToEndTests.jobs(tmux.dataDirectory, environment: environment).isEmpty, "removed from the queue, not only the screen")
        }
    }
}
