import FakeCanvasKit
import Foundation
import Testing

/// `sync` keeps its promise with the fake's file store on a host of its own, as Canvas's is:
/// no course file is taken for another's part, each run writes where it was told, two runs
/// into one folder take turns and leave one copy of each file, and every run ends, failing
/// a file it can't get with the reason.
@Suite(.serialized) struct SyncTrustTests {
    typealias Setup = SyncCommandTests.Setup

    /// Every regular file below `folder`, hidden ones too, as paths relative to it.
    static func everyFile(below folder: URL) -> [String] {
        DownloadEndToEndTests.files(below: folder)
    }

    @Test func aCourseFileNamedLikeAnothersPartIsDownloadedBesideIt() async throws {
        let setup = try Setup()
        defer { setup.end() }
        // Listed first, as Canvas lists by name: the part-like name comes before the file it resembles.
        try await setup.server.addFile(course: 1, name: "y.txt.part", content: "I am a course file of my own\n")
        try await setup.server.addFile(course: 1, name: "y.txt", content: "and I am y.txt\n")
        let result = try await setup.sync()
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let part = setup.target.appendingPathComponent("y.txt.part")
        let whole = setup.target.appendingPathComponent("y.txt")
        #expect(try String(contentsOf: part, encoding: .utf8) == "I am a course file of my own\n")
        #expect(try String(contentsOf: whole, encoding: .utf8) == "and I am y.txt\n")
        let files = Self.everyFile(below: setup.target)
        #expect(!files.contains { $0.split(separator: "/").last?.hasPrefix(".") == true }, "a part was left: \(files)")
    }

    @Test func aNameTooLongForAPartOfItsOwnIsDownloaded() async throws {
        let setup = try Setup()
        defer { setup.end() }
        let name = String(repeating: "n", count: 248) + ".txt"
        try await setup.server.addFile(course: 1, name: name, content: "long\n")
        let result = try await setup.sync()
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(try String(contentsOf: setup.target.appendingPathComponent(name), encoding: .utf8) == "long\n")
    }

    /// Canvas lets a file and a folder share a name in one parent: the file gets a numbered name
    /// and every file of the folder still lands in it.
    @Test func aFileNamedAsAFolderBesideItLandsUnderANumberedName() async throws {
        let setup = try Setup()
        defer { setup.end() }
        try await setup.server.addFile(course: 1, name: "Readings", content: "a file, not the folder\n")
        let result = try await setup.sync()
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(try String(contentsOf: setup.target.appendingPathComponent("Readings (2)"), encoding: .utf8) == "a file, not the folder\n")
        #expect(FileManager.default.fileExists(atPath: setup.target.appendingPathComponent("Readings/Week 1/Chapter 1.txt").path))
    }

    /// A folder of the run's folder that is a symbolic link the user made to elsewhere is not
    /// written through: its files fail, saying so, and nothing lands at the link's target.
    @Test func aFolderThatIsASymbolicLinkIsRefusedWithTheReason() async throws {
        let setup = try Setup()
        defer { setup.end() }
        let elsewhere = setup.queue.directory.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: setup.target, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: setup.target.appendingPathComponent("Lectures"), withDestinationURL: elsewhere)
        let result = try await setup.sync()
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("failed Lectures/Lecture 1.pdf: Can't save into \(setup.target.path)/Lectures: it is a symbolic link"), "\(result.stdout)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
        #expect(FileManager.default.fileExists(atPath: setup.target.appendingPathComponent("Syllabus.pdf").path))
    }

    /// Two folders whose names both become `_` on disk (control characters only) share that
    /// folder; their files of one name are told apart by a number, and none fails.
    @Test func foldersWhoseNamesBothBecomeAnUnderscoreShareItWithoutAFailure() async throws {
        let setup = try Setup()
        defer { setup.end() }
        try await setup.server.addFile(course: 1, name: "x.txt", content: "in the first\n", folder: "\u{7}")
        try await setup.server.addFile(course: 1, name: "x.txt", content: "in the second\n", folder: "\u{1B}")
        let result = try await setup.sync()
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let shared = setup.target.appendingPathComponent("_")
        let texts = try Set(["x.txt", "x (2).txt"].map { try String(contentsOf: shared.appendingPathComponent($0), encoding: .utf8) })
        #expect(texts == ["in the first\n", "in the second\n"])
    }

    /// Writing that fails on this machine fails its files at once with the reason: a file of the
    /// user's where a folder of the course must be made is no reason to wait and try again.
    @Test func aFileWhereAFolderMustGoFailsItsFilesAtOnceWithTheReason() async throws {
        let setup = try Setup()
        defer { setup.end() }
        let lectures = setup.target.appendingPathComponent("Lectures")
        try FileManager.default.createDirectory(at: setup.target, withIntermediateDirectories: true)
        try Data("my own file\n".utf8).write(to: lectures)
        let started = ContinuousClock.now
        let result = try await setup.sync()
        #expect(ContinuousClock.now - started < .seconds(20), "the run waited to try again")
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("failed Lectures/Lecture 1.pdf: Can't save \(lectures.path)"), "\(result.stdout)")
        #expect(try String(contentsOf: lectures, encoding: .utf8) == "my own file\n")
        #expect(FileManager.default.fileExists(atPath: setup.target.appendingPathComponent("Syllabus.pdf").path))
    }

    /// A run killed with its jobs still queued leaves them to the queue; a run into another
    /// folder queues its own and never finishes the first one's into the first folder in its name.
    @Test func aSyncIntoAnotherFolderGetsItsOwnCopiesNotAnEarlierRunsJobs() async throws {
        let setup = try Setup()
        defer { setup.end() }
        let first = setup.queue.directory.appendingPathComponent("A")
        let second = setup.queue.directory.appendingPathComponent("B")
        try await setup.server.fault(#"{"kind": "hold", "match": "/store/", "count": 100, "seconds": 60}"#)
        let pid = try AppCommand.start(
            ["sync", "--course", "1", first.path] + setup.options, environment: setup.environment,
            output: setup.queue.directory.appendingPathComponent("first.out")
        )
        try await eventually("the first sync's jobs queued") {
            let listed = try? AppCommand.run(["queue", "--json"] + setup.options, environment: setup.environment)
            return listed?.stdout.contains("download") == true
        }
        kill(pid, SIGKILL)
        try await AppCommand.waitUntilGone(pid)
        _ = try await setup.server.control("DELETE", "/__control/faults")

        let (arguments, environment) = (["sync", "--course", "1", second.path] + setup.options, setup.environment)
        let result = try await offThePool { try AppCommand.run(arguments, environment: environment) }
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(!result.stdout.contains(first.path), "reported files of the other folder: \(result.stdout)")
        let landed = Self.everyFile(below: second)
        #expect(landed == ["Lectures/Lecture 1.pdf", "Lectures/Lecture 2.pdf", "Readings/Week 1/Chapter 1.txt", "Syllabus.pdf"], "\(landed)")
    }

    /// Two runs into one folder at once: the second says it waits and starts when the first
    /// ends, so each file is there once, under its own name.
    @Test func twoSyncsIntoOneFolderTakeTurnsAndLeaveOneCopyOfEachFile() async throws {
        let setup = try Setup()
        defer { setup.end() }
        // A slow store keeps the first run busy while the second starts.
        try await setup.server.fault(#"{"kind": "slow", "match": "/store/", "count": 2, "seconds": 1.5}"#)
        let outputs = (1...2).map { setup.queue.directory.appendingPathComponent("sync\($0).out") }
        let arguments = ["sync", "--course", "1", setup.target.path] + setup.options
        var pids: [pid_t] = []
        for output in outputs {
            pids.append(try AppCommand.start(arguments, environment: setup.environment, output: output))
        }
        for pid in pids {
            try await AppCommand.waitUntilGone(pid)
        }
        let said = try outputs.map { try String(contentsOf: $0, encoding: .utf8) }
        #expect(said.contains { $0.contains("another sync into \(setup.target.path) is running; waiting for it to finish") }, "\(said)")
        #expect(said.allSatisfy { $0.contains("0 failed") }, "\(said)")
        let landed = Self.everyFile(below: setup.target)
        #expect(landed == ["Lectures/Lecture 1.pdf", "Lectures/Lecture 2.pdf", "Readings/Week 1/Chapter 1.txt", "Syllabus.pdf"], "\(landed)")
    }

    /// A file store that fails every time, behind a Canvas that answers well: the run backs off
    /// by its attempts, gives up on the file once its next try is far off, and ends saying why.
    @Test func aStoreThatAlwaysFailsEndsTheRunWithTheReason() async throws {
        let setup = try Setup()
        defer { setup.end() }
        try await setup.server.fault(#"{"kind": "500", "match": "/store/", "count": 100000}"#)
        let started = ContinuousClock.now
        let result = try await setup.sync()
        let took = ContinuousClock.now - started
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(took < .seconds(90), "the run took \(took)")
        #expect(result.stdout.contains("0 new") && result.stdout.contains("4 failed"), "\(result.stdout)")
        #expect(result.stdout.contains("failed to send Syllabus.pdf: An error occurred. (HTTP 500)"), "the store's own words: \(result.stdout)")
        let tries = try await setup.storeRequests().count
        #expect(tries < 60, "\(tries) requests to the store")
    }
}
