import CourseKit
import Foundation
import HTTP
@testable import Moodle
import Testing
import TestSupport

/// `DownloadTransport.moodle`: a course file's bytes from `webservice/pluginfile.php`, the token
/// sent to the site's own origin only, a part resumed only while its `Etag` is the file's, and
/// a refusal in place of the file never kept as the file (research/4-forum-calendar-files.md §6).
struct MoodleDownloadTests {
    let http = MoodleScriptedHTTP()
    let scratch: ScratchFolder
    /// What happened, in order: the site's requests and the validators remembered.
    let events = Recorder<String>()
    let content = Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 * 7 % 251) })
    static let address = "https://learn.example.edu/webservice/pluginfile.php/103/mod_resource/content/1/notes.pdf?forcedownload=1"
    static let etag = #""2f4a9c1e0b7d3a5c8e6f1a2b3c4d5e6f7a8b9c0d""#

    init() throws {
        scratch = try ScratchFolder()
    }

    var part: URL { scratch.url.appendingPathComponent("notes.pdf.part") }
    var partBytes: Data? { try? Data(contentsOf: part) }

    func fetch(url: String? = address, validator: String? = nil, size: Int64? = 5000) async throws {
        var job = uploadJob("notes.pdf", course: CourseID(5), size: size ?? 0)
        job.download = UploadJob.Download(
            fileID: "42/notes.pdf", destination: scratch.url.appendingPathComponent("notes.pdf").path, size: size,
            url: url.flatMap(URL.init(string:))
        )
        let events = events
        let request = DownloadRequest(
            job: job, part: part, validator: validator, remember: { events.append("remember \($0 ?? "nil")") }, progress: { _ in }
        )
        try await DownloadTransport.moodle(TestSite.connection(http)).fetch(request)
    }

    /// Serves `body` as Moodle's `readfile_accel` does: ranges for anything but text/plain, `Etag` the content hash.
    func serve(_ body: Data? = nil, etag: String = etag, type: String = "application/pdf") {
        let body = body ?? content
        let events = events
        http.on(path: "/webservice/pluginfile.php", { sent in
            let range = sent.request.headers["Range"]
            events.append("\(sent.kind == .send ? "probe" : "download") \(range ?? "whole")")
            var headers = ["Content-Type": type, "Etag": etag, "Last-Modified": "Tue, 02 Sep 2025 10:00:00 GMT"]
            guard type != "text/plain", let range, let start = Self.start(of: range) else {
                headers["Accept-Ranges"] = type == "text/plain" ? "none" : "bytes"
                return HTTPResponse(status: 200, headers: headers, body: body)
            }
            let end = range.hasSuffix("-") ? body.count - 1 : min(body.count - 1, Int(range.split(separator: "-").last ?? "") ?? body.count - 1)
            headers["Content-Range"] = "bytes \(start)-\(end)/\(body.count)"
            headers["Accept-Ranges"] = "bytes"
            return HTTPResponse(status: 206, headers: headers, body: body.subdata(in: start..<(end + 1)))
        })
    }

    static func start(of range: String) -> Int? {
        guard range.hasPrefix("bytes=") else { return nil }
        return Int(range.dropFirst(6).split(separator: "-", omittingEmptySubsequences: false).first ?? "")
    }

    func writePart(_ data: Data) throws {
        try data.write(to: part)
    }

    @Test func aFreshDownloadLearnsTheEtagFromOneByteThenFetchesTheFileWithTheToken() async throws {
        defer { scratch.remove() }
        serve()
        try await fetch()
        #expect(partBytes == content)
        #expect(events.values == ["probe bytes=0-0", "remember \(Self.etag)", "download whole"], "the validator is kept before the body's first byte")
        #expect(http.requests.map(\.kind) == [.send, .download])
        for sent in http.requests {
            let items = URLComponents(url: sent.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
            #expect(sent.url.host == TestSite.host)
            #expect(sent.url.path == "/webservice/pluginfile.php/103/mod_resource/content/1/notes.pdf")
            #expect(items.filter { $0.name == "token" }.map(\.value) == [TestSite.token], "the only way pluginfile.php takes it")
            #expect(items.first { $0.name == "forcedownload" }?.value == "1")
            #expect(sent.request.headers["Authorization"] == nil)
        }
    }

    @Test func aStaleTokenInTheAddressIsReplacedNotAdded() async throws {
        defer { scratch.remove() }
        serve()
        try await fetch(url: Self.address + "&token=0000")
        let items = URLComponents(url: try #require(http.requests.first?.url), resolvingAgainstBaseURL: false)?.queryItems ?? []
        #expect(items.filter { $0.name == "token" }.map(\.value) == [TestSite.token])
    }

    @Test(arguments: [
        "https://cdn.example.com/webservice/pluginfile.php/103/mod_resource/content/1/notes.pdf",
        "http://learn.example.edu/webservice/pluginfile.php/103/mod_resource/content/1/notes.pdf",
        "https://learn.example.edu:8443/webservice/pluginfile.php/103/notes.pdf",
        "https://learn.example.edu.evil.example/webservice/pluginfile.php/103/notes.pdf",
    ])
    func anAddressOffTheSiteIsNeverAskedWithTheToken(_ address: String) async throws {
        defer { scratch.remove() }
        serve()
        let error = await thrownError { try await fetch(url: address) }
        let url = try #require(URL(string: address))
        let name = try #require(url.host)
        let host = url.port.map { "\(name):\($0)" } ?? name
        #expect(error as? MoodleDownloadError == .notOnSite(fileName: "notes.pdf", host: host), "the host as the address names it, its port too")
        #expect(http.requests.isEmpty)
        #expect((error as? MoodleDownloadError)?.isTransient == false)
    }

    @Test func aPartWhoseEtagIsStillTheFilesResumesFromItsEnd() async throws {
        defer { scratch.remove() }
        serve()
        try writePart(content.prefix(1000))
        try await fetch(validator: Self.etag)
        #expect(partBytes == content)
        #expect(events.values == ["probe bytes=0-0", "download bytes=1000-"], "nothing new to remember")
        #expect(http.requests.last?.resumeFrom == 1000)
    }

    @Test func aPartOfAFileThatChangedSinceStartsOver() async throws {
        defer { scratch.remove() }
        serve()
        try writePart(Data(repeating: 0xAA, count: 1000))
        try await fetch(validator: #""0000older0000""#)
        #expect(partBytes == content)
        #expect(events.values == ["probe bytes=0-0", "remember \(Self.etag)", "download whole"])
        #expect(http.requests.last?.resumeFrom == 0)
    }

    @Test func aPartWithNoValidatorStartsOver() async throws {
        defer { scratch.remove() }
        serve()
        try writePart(Data(repeating: 0xAA, count: 1000))
        try await fetch(validator: nil)
        #expect(partBytes == content)
        #expect(events.values.last == "download whole")
    }

    @Test func aRangeOfAFileThatChangedBetweenTheProbeAndTheBodyIsThrownAway() async throws {
        defer { scratch.remove() }
        try writePart(content.prefix(1000))
        let events = events
        let content = content
        http.on(path: "/webservice/pluginfile.php", { sent in
            events.append(sent.kind == .send ? "probe" : "download")
            if sent.kind == .send {
                return HTTPResponse(status: 206, headers: ["Etag": Self.etag, "Content-Range": "bytes 0-0/5000"], body: content.prefix(1))
            }
            // Moodle ignores If-Range: the range comes from the new file, under its new Etag.
            return HTTPResponse(status: 206, headers: ["Etag": #""ffff0000""#, "Content-Range": "bytes 1000-4999/5000"], body: Data(repeating: 1, count: 4000))
        })
        let error = await thrownError { try await fetch(validator: Self.etag) }
        #expect(error as? MoodleDownloadError == .changedWhileDownloading(fileName: "notes.pdf"))
        #expect((error as? MoodleDownloadError)?.isTransient == true)
        #expect(!FileManager.default.fileExists(atPath: part.path), "the mixed part is removed, so the next try starts clean")
    }

    @Test func aTextFileMoodleSendsWholeToTheProbeIsWrittenFromIt() async throws {
        defer { scratch.remove() }
        let text = Data("# Lab 1\n\nRun `swift test`.\n".utf8)
        serve(text, type: "text/plain")
        let progress = Recorder<Int64>()
        var job = uploadJob("notes.pdf", course: CourseID(5), size: Int64(text.count))
        job.download = UploadJob.Download(fileID: "43/README.md", destination: scratch.url.appendingPathComponent("README.md").path, url: URL(string: Self.address))
        let events = events
        try await DownloadTransport.moodle(TestSite.connection(http)).fetch(DownloadRequest(
            job: job, part: part, validator: nil, remember: { events.append("remember \($0 ?? "nil")") }, progress: progress.record
        ))
        #expect(partBytes == text)
        #expect(events.values == ["probe bytes=0-0", "remember \(Self.etag)"])
        #expect(http.requests.count == 1, "no second request for what already came")
        #expect(progress.values.last == Int64(text.count))
    }

    @Test func aRefusalInPlaceOfTheFileIsLockedAndNeverKept() async throws {
        defer { scratch.remove() }
        let events = events
        let content = content
        http.on(path: "/webservice/pluginfile.php", { sent in
            events.append(sent.kind == .send ? "probe" : "download")
            if sent.kind == .send {
                return HTTPResponse(status: 206, headers: ["Etag": Self.etag, "Content-Range": "bytes 0-0/5000"], body: content.prefix(1))
            }
            return .json(scriptError("requireloginerror", "Course or activity not accessible. (Activity is hidden)"))
        })
        let error = await thrownError { try await fetch() }
        #expect(error as? MoodleDownloadError == .locked(fileName: "notes.pdf", reason: "Course or activity not accessible. (Activity is hidden)"))
        #expect(!FileManager.default.fileExists(atPath: part.path), "Moodle's error is not the file")
        #expect((error as? MoodleDownloadError)?.isTransient == false)
    }

    @Test func aRefusalToTheProbeIsLockedAndAsksNoMore() async throws {
        defer { scratch.remove() }
        http.on(path: "/webservice/pluginfile.php", { _ in .json(scriptError("requireloginerror", "Course or activity not accessible. (Not enrolled)")) })
        let error = await thrownError { try await fetch() }
        #expect(error as? MoodleDownloadError == .locked(fileName: "notes.pdf", reason: "Course or activity not accessible. (Not enrolled)"))
        #expect(http.requests.count == 1)
        #expect(!FileManager.default.fileExists(atPath: part.path))
    }

    @Test func aFileTheSiteNoLongerHasIsGone() async throws {
        defer { scratch.remove() }
        http.on(path: "/webservice/pluginfile.php", { _ in
            .json(scriptError("filenotfound", "Sorry, the requested file could not be found"), status: 404)
        })
        let error = await thrownError { try await fetch() }
        #expect(error as? MoodleDownloadError == .gone(fileName: "notes.pdf"))
        #expect((error as? MoodleDownloadError)?.isTransient == false)
    }

    @Test func aTokenPluginfileRefusesIsAnInvalidToken() async throws {
        defer { scratch.remove() }
        http.on(path: "/webservice/pluginfile.php", { _ in .json(scriptError("invalidtoken", "Invalid token - token not found")) })
        let error = await thrownError { try await fetch() }
        #expect(error as? MoodleError == .invalidToken(host: TestSite.host, source: TestSite.credentials.source, renewal: TestSite.credentials.renewal))
    }

    @Test func maintenanceIsWaitedOutAsTheSiteAsks() async throws {
        defer { scratch.remove() }
        http.on(path: "/webservice/pluginfile.php", { _ in .text("<html>Maintenance</html>", status: 503, headers: ["Content-Type": "text/html", "Retry-After": "300"]) })
        let error = await thrownError { try await fetch() }
        #expect(error as? MoodleError == .maintenance(host: TestSite.host, retryAfter: 300))
    }

    @Test func aFileTooLargeToProbeWholeIsFetchedFromItsStart() async throws {
        defer { scratch.remove() }
        let events = events
        let content = content
        http.on(path: "/webservice/pluginfile.php", { sent in
            events.append(sent.kind == .send ? "probe" : "download \(sent.request.headers["Range"] ?? "whole")")
            if sent.kind == .send { throw NetworkError.answerTooLarge(host: TestSite.host, limit: 1) }
            return HTTPResponse(status: 200, headers: ["Etag": Self.etag, "Content-Type": "application/pdf"], body: content)
        })
        try writePart(Data(repeating: 0xAA, count: 1000))
        try await fetch(validator: Self.etag)
        #expect(partBytes == content)
        #expect(events.values == ["probe", "download whole"])
    }

    @Test func aJobWithoutAnAddressAsksTheSiteForItsFileAgain() async throws {
        defer { scratch.remove() }
        http.on("core_course_get_contents", json: ContentsFixtures.course)
        serve()
        try await fetch(url: nil, size: 12345)
        #expect(http.requests.first?.function == "core_course_get_contents")
        #expect(http.requests.first?.field("options[0][value]") == "42")
        #expect(http.requests.dropFirst().allSatisfy { $0.url.path == "/webservice/pluginfile.php/103/mod_resource/content/1/notes.pdf" })
        #expect(partBytes == content)
    }

    @Test func aFileWhoseSizeChangedSinceItWasQueuedIsNotFetched() async throws {
        defer { scratch.remove() }
        http.on("core_course_get_contents", json: ContentsFixtures.course)
        serve()
        let error = await thrownError { try await fetch(url: nil, size: 999) }
        #expect(error as? MoodleDownloadError == .changedSinceQueued(fileName: "notes.pdf"))
        #expect(http.requests.count == 1)
    }

    @Test func aJobThatIsNoDownloadIsGone() async throws {
        defer { scratch.remove() }
        let request = DownloadRequest(job: uploadJob("notes.pdf"), part: part, validator: nil, remember: { _ in }, progress: { _ in })
        let error = await thrownError { try await DownloadTransport.moodle(TestSite.connection(http)).fetch(request) }
        #expect(error as? MoodleDownloadError == .gone(fileName: "notes.pdf"))
        #expect(http.requests.isEmpty)
    }
}
