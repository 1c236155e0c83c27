import CourseKit
import Foundation
import HTTP
@testable import Moodle
import Testing
import TestSupport

/// `SubmissionTransport.moodle` `uploadFile`: each file of a hand-in into the job's one draft
/// area through `webservice/upload.php` (research/3-assign-handin.md §5).
struct MoodleUploadTests {
    let http = MoodleScriptedHTTP()
    let scratch: ScratchFolder
    let itemid = 684_207_539

    init() throws {
        scratch = try ScratchFolder()
    }

    var transport: SubmissionTransport { .moodle(TestSite.connection(http)) }

    func job(_ names: [String], uploaded: [String?] = []) -> UploadJob {
        UploadJob(
            id: "job-1", courseID: CourseID(5), files: names.map { QueuedFile(name: $0, sourcePath: "/home/lan/\($0)", size: 11) },
            submission: UploadJob.Submission(assignmentID: "101", assignmentName: "Essay", uploadedFileIDs: uploaded),
            backend: "moodle https://learn.example.edu", queuedAt: TestSite.now
        )
    }

    func payload() throws -> URL {
        let url = scratch.url.appendingPathComponent("payload")
        try Data("hello moodl".utf8).write(to: url)
        return url
    }

    /// What upload.php answers for a file it stored.
    func stored(_ name: String, path: String = "/") -> String {
        #"""
        [{"component":"user","contextid":27,"userid":"3","filearea":"draft","filename":"\#(name)","filepath":"\#(path)","itemid":\#(itemid),
          "license":"unknown","author":"Lan Nguyễn","source":"O:8:\"stdClass\":1:{s:6:\"source\";s:5:\"\#(name)\";}","filesize":11}]
        """#
    }

    func upload(_ job: UploadJob, index: Int) async throws -> String {
        try await transport.uploadFile(job, index, try payload(), { _ in })
    }

    @Test func theFirstFileGoesIntoANewDraftAreaWithTheTokenInTheForm() async throws {
        defer { scratch.remove() }
        http.on(path: "/webservice/upload.php", { _ in .json(self.stored("a.pdf")) })
        let progress = Recorder<Int64>()
        let mark = try await transport.uploadFile(job(["a.pdf", "b.pdf"]), 0, try payload(), progress.record)
        #expect(mark == "\(itemid)@\(TestSite.seconds(days: 0))", "the draft area and when its first file went in")
        let sent = try #require(http.requests.first)
        #expect(sent.kind == .upload)
        #expect(sent.request.method == "POST")
        #expect(sent.url.absoluteString == "https://learn.example.edu/webservice/upload.php", "nothing in the address, the token least of all")
        let form = try #require(sent.multipart)
        #expect(form.fieldNames == ["token", "filearea", "itemid", "filepath"])
        #expect(form.field("token") == TestSite.token)
        #expect(form.field("filearea") == "draft")
        #expect(form.field("itemid") == "0")
        #expect(form.field("filepath") == "/")
        #expect(form.files.map(\.name) == ["file_1"])
        #expect(form.files.first?.fileName == "a.pdf")
        #expect(form.files.first?.text == "hello moodl")
        #expect(progress.values.last ?? 0 > 0)
    }

    @Test
    func progressCountsTheFilesBytesOnly() async throws {
        defer { scratch.remove() }
        http.on(path: "/webservice/upload.php", { _ in .json(self.stored("a.pdf")) })
        let progress = Recorder<Int64>()
        _ = try await transport.uploadFile(job(["a.pdf"]), 0, try payload(), progress.record)
        #expect(progress.values.allSatisfy { $0 <= 11 }, "\(progress.values)")
        #expect(progress.values.last == 11)
    }

    @Test func laterFilesGoIntoTheSameAreaAndKeepWhenItWasMade() async throws {
        defer { scratch.remove() }
        http.on(path: "/webservice/upload.php", { _ in .json(self.stored("b.pdf")) })
        let mark = try await upload(job(["a.pdf", "b.pdf"], uploaded: ["\(itemid)@1760000000", nil]), index: 1)
        #expect(mark == "\(itemid)@1760000000")
        let form = try #require(http.requests.first?.multipart)
        #expect(form.field("itemid") == String(itemid))
        #expect(form.field("filepath") == "/")
    }

    @Test func aNameTheJobHasAgainGoesIntoAFolderOfItsOwn() async throws {
        defer { scratch.remove() }
        http.on(path: "/webservice/upload.php", { _ in .json(self.stored("a.pdf", path: "/2/")) })
        let area = "\(itemid)@1760000000"
        _ = try await upload(job(["a.pdf", "b.pdf", "a.pdf", "a.pdf"], uploaded: [area, area, nil, nil]), index: 2)
        _ = try await upload(job(["a.pdf", "b.pdf", "a.pdf", "a.pdf"], uploaded: [area, area, area, nil]), index: 3)
        #expect(http.requests.compactMap { $0.multipart?.field("filepath") } == ["/2/", "/3/"])
        #expect(http.requests.compactMap { $0.multipart?.files.first?.fileName } == ["a.pdf", "a.pdf"])
    }

    @Test func aNameAlreadyInTheAreaIsThisJobsOwnFileAndCountsAsUploaded() async throws {
        defer { scratch.remove() }
        http.on(path: "/webservice/upload.php", { _ in
            .json(#"[{"avscantime":0.0012,"filename":"b.pdf","filepath":"/tmp/phpA1b2C3","size":11,"errortype":"filenameexist","error":"File name already exists: b.pdf"}]"#)
        })
        let mark = try await upload(job(["a.pdf", "b.pdf"], uploaded: ["\(itemid)@1760000000", nil]), index: 1)
        #expect(mark == "\(itemid)@1760000000")
    }

    @Test func aFileTooLargeForTheSiteIsRefusedInMoodlesWords() async throws {
        defer { scratch.remove() }
        http.on(path: "/webservice/upload.php", { _ in
            .json(#"[{"avscantime":0.001,"filename":"big.zip","errortype":"fileoversized","error":"The file you tried to upload is too large for the server to process."}]"#)
        })
        let error = await thrownError { _ = try await upload(job(["big.zip"]), index: 0) }
        #expect(error as? MoodleError == .refused(action: "take big.zip", reason: "The file you tried to upload is too large for the server to process."))
        #expect((error as? MoodleError)?.isTransient == false)
        #expect((error as? MoodleError)?.changedNothing == true)
    }

    @Test func aTokenUploadPhpRefusesIsAnInvalidToken() async throws {
        defer { scratch.remove() }
        http.on(path: "/webservice/upload.php", { _ in .json(scriptError("invalidtoken", "Invalid token - token not found")) })
        let error = await thrownError { _ = try await upload(job(["a.pdf"]), index: 0) }
        #expect(error as? MoodleError == .invalidToken(host: TestSite.host, source: TestSite.credentials.source, renewal: TestSite.credentials.renewal))
    }

    @Test func uploadsTurnedOffForTheServiceAreNotAllowed() async throws {
        defer { scratch.remove() }
        http.on(path: "/webservice/upload.php", { _ in .json(scriptError("accessexception", "Access control exception")) })
        let error = await thrownError { _ = try await upload(job(["a.pdf"]), index: 0) }
        #expect(error as? MoodleError == .notAllowed(host: TestSite.host, function: "webservice/upload.php"))
    }

    @Test func aPageInPlaceOfTheAnswerIsAWebPage() async throws {
        defer { scratch.remove() }
        http.on(path: "/webservice/upload.php", { _ in .text("<html><body>Login</body></html>", headers: ["Content-Type": "text/html"]) })
        let error = await thrownError { _ = try await upload(job(["a.pdf"]), index: 0) }
        #expect(error as? MoodleError == .webPage(host: TestSite.host))
    }

    @Test func anAnswerThatIsNoListOfFilesIsUnexpected() async throws {
        defer { scratch.remove() }
        http.on(path: "/webservice/upload.php", { _ in .json(#"{"appsitecheck":"ok"}"#) })
        let error = await thrownError { _ = try await upload(job(["a.pdf"]), index: 0) }
        #expect(error as? MoodleError == .unexpectedResponse(host: TestSite.host))
    }

    @Test func maintenanceIsWaitedOut() async throws {
        defer { scratch.remove() }
        http.on(path: "/webservice/upload.php", { _ in .text("<html>Maintenance</html>", status: 503, headers: ["Content-Type": "text/html", "Retry-After": "300"]) })
        let error = await thrownError { _ = try await upload(job(["a.pdf"]), index: 0) }
        let moodle = try #require(error as? MoodleError)
        guard case .maintenance = moodle else {
            Issue.record("expected maintenance, got \(moodle)")
            return
        }
        #expect(moodle.isTransient)
    }

    @Test
    func maintenanceDuringAnUploadSaysHowLongToWait() async throws {
        defer { scratch.remove() }
        http.on(path: "/webservice/upload.php", { _ in .text("<html>Maintenance</html>", status: 503, headers: ["Content-Type": "text/html", "Retry-After": "300"]) })
        let error = await thrownError { _ = try await upload(job(["a.pdf"]), index: 0) }
        #expect((error as? MoodleError)?.retryAfter == 300)
    }

    @Test func aJobThatIsNoSubmissionIsRefusedWithoutAsking() async throws {
        defer { scratch.remove() }
        var courseFile = job(["a.pdf"])
        courseFile.submission = nil
        let error = await thrownError { _ = try await upload(courseFile, index: 0) }
        #expect((error as? MoodleError)?.isTransient == false)
        let outOfRange = await thrownError { _ = try await upload(job(["a.pdf"]), index: 3) }
        #expect(outOfRange is MoodleError)
        #expect(http.requests.isEmpty)
    }

    @Test func aDraftMarkIsItsAreaAndWhenItWasMade() {
        #expect(DraftMark("684207539@1760000000") == DraftMark(itemid: 684_207_539, createdAt: 1_760_000_000))
        #expect(DraftMark(itemid: 5, createdAt: 9).text == "5@9")
        #expect(DraftMark("684207539") == nil)
        #expect(DraftMark("f1") == nil)
        #expect(DraftMark("1@2@3") == nil)
    }
}
