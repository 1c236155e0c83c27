import CourseKit
import FakeMoodleKit
import Foundation
import HTTP
@testable import Moodle
import Testing
import TestSupport
@testable import UploadQueue

/// The Moodle clients against the fake Moodle (`Tests/FakeMoodle`), which answers as Moodle 4.5
/// does: what the panes get, and hand-ins made exactly once when an answer is lost.
@Suite(.serialized) struct MoodleFakeSiteTests {
    let server: FakeMoodleServer
    let connection: MoodleConnection

    init() throws {
        server = try FakeMoodleServer()
        connection = .live(server)
    }

    @Test func theListHasEveryCourseWithItsGradeAndTheCurrentViewLeavesThePastOneOut() async throws {
        defer { server.stop() }
        let courses = CourseClient.moodle(connection)
        let all = try await courses.coursesPage(.all, nil, .ignored).items
        #expect(all.map(\.id.rawValue) == ["101", "102", "103", "104", "105", "106"])
        let swift = try #require(all.first)
        #expect(swift.name == "Lập trình Swift cơ bản" && swift.code == "INT2215" && swift.isFavorite)
        #expect(swift.grade == Course.Grade(letter: "B+", score: 87.5))
        #expect(swift.term?.name == "Học kỳ 1 2026–2027")
        let database = try #require(all.first { $0.id == CourseID(102) })
        #expect(database.name == "Cơ sở dữ liệu & SQL", "the site's escaping is read back")
        #expect(database.isHidden, "removed from view on the Dashboard")
        #expect(all.first { $0.id == CourseID(103) }?.endAt == nil, "an end date of 0 is none")
        let current = try await courses.coursesPage(.current, nil, .ignored).items.map(\.id.rawValue)
        #expect(!current.contains("104") && current.contains("105") && current.contains("102"))
        let favorites = try await courses.coursesPage(.favorites, nil, .ignored).items.map(\.id.rawValue)
        #expect(favorites == ["101"])
    }

    @Test func aCourseHasItsTeachersSyllabusModulesFilesAndAssignments() async throws {
        defer { server.stop() }
        let courses = CourseClient.moodle(connection)
        let id = CourseID(101)
        let course = try await courses.course(id, .ignored)
        #expect(course.teachers == ["TS. Nguyễn Văn Hùng", "ThS. Trần Thị Mai Anh"])
        let syllabus = try #require(try await courses.syllabus(id, .ignored))
        #expect(!syllabus.contains("<script"), "Moodle cleans the summary")
        let modules = try await courses.modules(id, .ignored)
        #expect(modules.map(\.name).prefix(4) == ["General", "Tuần 1: Giới thiệu", "Tuần 2: Kiểu dữ liệu & hàm", "New section"])
        let quiz = try #require(modules.flatMap(\.items).first { $0.id == "1023" })
        #expect(quiz.isLocked && quiz.lockExplanation?.contains("Bài tập 1") == true)
        let files = try await FileClient.moodle(connection).files(id, .ignored)
        #expect(files.files.map(\.id).contains("1011/de-cuong.pdf"))
        #expect(files.files.first { $0.id == "1021/code/main.swift" }.map(files.folderPath(of:)) == ["Tuần 2: Kiểu dữ liệu & hàm", "Tài liệu tuần 2", "code"])
        let assignments = try await courses.assignments(id, .ignored)
        let essay = try #require(assignments.first { $0.id == "1022" })
        #expect(essay.submissionStatement == "Tôi xin cam đoan đây là bài làm của riêng tôi.")
        #expect(essay.maxFileCount == 5 && essay.submissionTypes.contains("online_text_entry"))
        let later = try #require(assignments.first { $0.id == "1032" })
        #expect(later.isLocked && later.lockExplanation == "it does not accept submissions yet")
        let graded = try #require(assignments.first { $0.id == "1033" }?.submission)
        #expect(graded.score == 9 && graded.feedbackHTML?.contains("Tốt lắm") == true)
        // The teacher's feedback file rides on one comment whose text is the feedback shown above.
        let feedback = try #require(graded.comments?.first)
        #expect(feedback.text.isEmpty)
        #expect(feedback.attachments.map(\.name) == ["nhan-xet.pdf"])
        #expect(feedback.attachments.first?.downloadURL?.path.hasSuffix("/assignfeedback_file/feedback_files/8505/nhan-xet.pdf") == true)
        let closed = try #require(assignments.first { $0.id == "1034" })
        #expect(closed.isLocked && closed.lockExplanation?.contains("cut-off") == true)
    }

    @Test func theDueListIsTheCalendarsActionEventsWithTheOverdueOnesMissing() async throws {
        defer { server.stop() }
        let now = Date()
        let items = try await PlannerClient.moodle(connection).items(now.addingTimeInterval(-14 * 86_400), now.addingTimeInterval(28 * 86_400), .ignored)
        let homework = try #require(items.first { $0.assignmentID == "1013" })
        #expect(homework.kind == .assignment && homework.courseCode == "INT2215" && homework.status?.isMissing == false)
        #expect(items.first { $0.assignmentID == "1031" }?.status?.isMissing == true, "overdue and still open")
        #expect(items.first { $0.assignmentID == "1034" }?.status?.isMissing != true, "overdue but closed: not something to do")
        #expect(items.contains { $0.kind == .quiz })
        #expect(!items.contains { $0.assignmentID == "1033" }, "handed in: Moodle leaves it out")
    }

    @Test func readingAnAnnouncementMarksItReadOnTheSite() async throws {
        defer { server.stop() }
        let announcements = AnnouncementClient.moodle(connection)
        let before = try await announcements.announcements(CourseID(101), .ignored)
        #expect(before.map(\.title) == ["Lịch học tuần này & phòng thi", "Thay đổi phòng học"], "the recent ones, newest first")
        #expect(before.first?.isRead == false)
        try await announcements.markRead(CourseID(101), try #require(before.first?.id))
        let after = try await announcements.announcements(CourseID(101), .ignored)
        #expect(after.allSatisfy { $0.isRead })
        let untracked = try await announcements.announcements(CourseID(103), .ignored)
        #expect(untracked.allSatisfy { $0.isRead }, "a forum the student doesn't track keeps nothing unread")
    }

    @Test func aFileDownloadsWholeAndResumesWhereThePartStopped() async throws {
        defer { server.stop() }
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let file = try await FileClient.moodle(connection).file(CourseID(101), "1021/slides.pdf")
        let whole = try await fetch(file, into: scratch.url.appendingPathComponent("whole.part"), keeping: nil)
        #expect(whole.count == 307_200)
        let part = scratch.url.appendingPathComponent("resumed.part")
        try whole.prefix(100_000).write(to: part)
        let resumed = try await fetch(file, into: part, keeping: try await validator(of: file))
        #expect(resumed == whole)
        let logged = try await server.requests()
        let ranges = logged.compactMap(\.range)
        #expect(ranges.contains("bytes=100000-"), "\(ranges)")
        let downloads = try await server.requests().filter { $0.path.contains("pluginfile") }
        #expect(downloads.allSatisfy { $0.token_in_url == true })
    }

    @Test func aRefusedDownloadIsNeverKeptAsTheFile() async throws {
        defer { server.stop() }
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let site = server.baseURL.absoluteString
        let closed = CourseFile(id: "1041/dap-an.pdf", name: "dap-an.pdf", size: 20_000, downloadURL: URL(string: site + "/webservice/pluginfile.php/11041/mod_resource/content/1/dap-an.pdf?forcedownload=1"))
        let part = scratch.url.appendingPathComponent("dap-an.pdf.part")
        await #expect(throws: MoodleDownloadError.locked(fileName: "dap-an.pdf", reason: "Course or activity not accessible.")) {
            _ = try await fetch(closed, into: part, keeping: nil)
        }
        let kept = FileManager.default.contents(atPath: part.path) ?? Data()
        #expect(kept.isEmpty, "the part holds no byte of Moodle's error")
    }

    @Test func aHandInWhoseSaveAnswerIsLostIsSavedOnceAndDone() async throws {
        defer { server.stop() }
        try await server.fault(#"{"match": "mod_assign_save_submission", "kind": "lost_reply", "count": 1}"#)
        let (job, store) = try await handIn(["bai-tap-1.pdf"], to: "1013", name: "Bài tập 1")
        let done = try #require(try store.job(job.id))
        #expect(done.state == .done, "\(done.state)")
        let submission = try #require(try await server.submissions().first { $0.cmid == 1013 })
        #expect(submission.status == "submitted" && submission.files.map(\.name) == ["bai-tap-1.pdf"])
        #expect(submission.saves == 1, "the lost answer was read back, not sent again")
        #expect(submission.submits == 0, "an assignment without drafts is handed in by its save")
        #expect(done.submission?.receipt?.attempt == 1)
    }

    @Test func aDraftAssignmentsLostSubmitAnswerIsReadBackKeepingTheTypedTextAndTheStatement() async throws {
        defer { server.stop() }
        try await server.fault(#"{"match": "mod_assign_submit_for_grading", "kind": "lost_reply", "count": 1}"#)
        let (job, store) = try await handIn(["tieu-luan.pdf", "phu-luc.pdf"], to: "1022", name: "Tiểu luận giữa kỳ", statement: "Tôi xin cam đoan")
        #expect(try store.job(job.id)?.state == .done)
        let submission = try #require(try await server.submissions().first { $0.cmid == 1022 })
        #expect(submission.status == "submitted")
        #expect(submission.files.map(\.name).sorted() == ["phu-luc.pdf", "tieu-luan.pdf"])
        #expect(submission.saves == 1 && submission.submits == 1)
        #expect(submission.onlinetext?.contains("Bản nháp phần mở đầu") == true, "the text the student typed is kept")
        #expect(submission.onlinetext_files == ["hinh.png"], "and the picture it embeds")
        let requests = try await server.requests()
        #expect(!requests.contains { $0.token_in_url == true && $0.wsfunction != nil }, "the token goes in the form, never the address")
    }

    @Test func aDraftWhoseSubmitAnswerIsLostBeforeTheServerActedIsSubmittedWithoutSavingAgain() async throws {
        defer { server.stop() }
        try await server.fault(#"{"match": "mod_assign_submit_for_grading", "kind": "reset", "count": 1}"#)
        let (job, store) = try await handIn(["ban-cuoi.pdf"], to: "1022", name: "Tiểu luận giữa kỳ", statement: "Tôi xin cam đoan")
        #expect(try store.job(job.id)?.state == .done)
        let submission = try #require(try await server.submissions().first { $0.cmid == 1022 })
        #expect(submission.status == "submitted" && submission.saves == 1 && submission.submits == 1)
    }

    @Test func aTextWhoseSaveAnswerIsLostIsSavedOnceThenSubmittedAsTheOnlineText() async throws {
        defer { server.stop() }
        try await server.fault(#"{"match": "mod_assign_save_submission", "kind": "lost_reply", "count": 1}"#)
        let (job, store) = try await handIn { store, _ in
            let plan = UploadJob.Submission(
                assignmentID: "1022", assignmentName: "Tiểu luận giữa kỳ", acceptedStatement: "Tôi xin cam đoan", text: "Giá trị & tham chiếu.\n\nHết."
            )
            return try store.enqueueContent(course: CourseID(101), backend: "moodle", submission: plan)
        }
        let state = try store.job(job.id)?.state
        #expect(state == .done, "\(String(describing: state))")
        let submission = try #require(try await server.submissions().first { $0.cmid == 1022 })
        #expect(submission.onlinetext == "<p>Giá trị &amp; tham chiếu.</p><p>Hết.</p>", "kept as sent")
        #expect(submission.status == "submitted")
        #expect(submission.saves == 1, "the lost answer was read back, not saved again")
        #expect(submission.submits == 1)
    }

    // MARK: Helpers

    /// Queues `names` as a hand-in to `cmid` of course 101 and works the queue until it is done or stuck.
    private func handIn(_ names: [String], to cmid: String, name: String, statement: String? = nil) async throws -> (UploadJob, UploadStore) {
        try await handIn { store, scratch in
            let files = try names.enumerated().map { index, name in try scratch.payload(name, size: 5_000 + index, seed: UInt64(index + 1)) }
            let plan = UploadJob.Submission(assignmentID: cmid, assignmentName: name, acceptedStatement: statement)
            return try store.enqueue(files: files, course: CourseID(101), backend: "moodle", submission: plan)
        }
    }

    /// Queues what `enqueue` queues in a store of its own and works the queue until it is done or stuck.
    private func handIn(_ enqueue: (UploadStore, ScratchFolder) throws -> UploadJob) async throws -> (UploadJob, UploadStore) {
        let scratch = try ScratchFolder()
        let clock = ManualClock(Date())
        let store = UploadStore(directory: scratch.url.appendingPathComponent("data"), clock: clock.client)
        let job = try enqueue(store, scratch)
        var site = connection
        site.clock = clock.client
        let engine = UploadEngine(store: store, transport: .moodle, submissions: .moodle(site), clock: clock.client, backend: "moodle", jitter: { 1 })
        for _ in 0..<8 {
            _ = try await engine.runDueJobs()
            if try store.job(job.id)?.state == .done { break }
            clock.advance(by: 120)
        }
        return (job, store)
    }

    /// Downloads `file` into `part` (holding bytes labelled `validator`) and returns the part's bytes.
    private func fetch(_ file: CourseFile, into part: URL, keeping validator: String?) async throws -> Data {
        let download = UploadJob.Download(fileID: file.id, destination: part.deletingPathExtension().path, size: file.size, url: file.downloadURL, validator: validator)
        var job = UploadJob(id: "j", courseID: CourseID(101), files: [QueuedFile(name: file.name, sourcePath: "", size: file.size ?? 0)], backend: "moodle", queuedAt: Date())
        job.download = download
        let request = DownloadRequest(job: job, part: part, validator: validator, remember: { _ in }, progress: { _ in })
        try await DownloadTransport.moodle(connection).fetch(request)
        return try Data(contentsOf: part)
    }

    /// The file's validator as the site serves it now.
    private func validator(of file: CourseFile) async throws -> String? {
        let url = try #require(file.downloadURL)
        let response = try await connection.http.send(HTTPRequest(method: "HEAD", url: connection.api.tokenURL(url)))
        return response.header("ETag")
    }
}

/// Course 101's forum discussions on the fake Moodle: listed and threaded as the Course pane shows
/// them, and replies through the queue made once though Moodle's answer is lost.
@Suite(.serialized) struct MoodleForumTests {
    let server: FakeMoodleServer
    let connection: MoodleConnection
    let clock = ManualClock(Date())
    let folder: ScratchFolder

    init() throws {
        server = try FakeMoodleServer()
        connection = .live(server)
        folder = try ScratchFolder()
    }

    @Test func theDiscussionsOfItsForumsAreListedAndAThreadNestsItsReplies() async throws {
        defer { server.stop(); folder.remove() }
        let client = DiscussionClient.moodle(connection)
        let topics = try await client.topics(CourseID(101), .ignored)
        #expect(topics.map(\.id) == ["3091", "3092"], "the news forum's discussions are the announcements, not listed here")
        let question = try #require(topics.first)
        #expect(question.title == "Hỏi về bài tập 1" && question.authorName == "Trần Thị Bích")
        #expect((question.replyCount, question.unreadCount, question.isClosed) == (2, 1, false))
        #expect(question.messageHTML.contains("Bài 3 có cần nộp code không?"))
        #expect(topics.last?.isClosed == true, "a locked discussion takes no replies")
        let thread = try await client.thread(CourseID(101), "3091")
        #expect(thread.map(\.id) == ["30912"] && thread.first?.replies.map(\.id) == ["30913"])
        #expect(thread.first?.replies.first?.isUnread == true && thread.first?.isUnread == false)
        try await client.markRead(CourseID(101), "3091", ["30913"])
        #expect(try await client.thread(CourseID(101), "3091").first?.replies.first?.isUnread == false, "viewing marks the discussion read")
    }

    @Test func aPostAndAReplyWhoseAnswersAreLostAreEachMadeOnce() async throws {
        defer { server.stop(); folder.remove() }
        try await server.fault(#"{"match": "mod_forum_add_discussion_post", "kind": "lost_reply", "count": 2}"#)
        let store = UploadStore(directory: folder.url.appendingPathComponent("data"), clock: clock.client)
        let engine = UploadEngine(
            store: store, transport: .unimplemented, discussionWrites: .moodle(connection), clock: clock.client, backend: "moodle", jitter: { 1 }
        )
        let post = UploadJob.DiscussionReply(topicID: "3091", topicTitle: "Hỏi về bài tập 1", text: "Em nộp file zip được không ạ?")
        let first = try store.enqueueReply(post, course: CourseID(101), backend: "moodle")
        clock.advance(by: 1)
        let reply = UploadJob.DiscussionReply(topicID: "3091", topicTitle: "Hỏi về bài tập 1", entryID: "30913", threadID: "30912", text: "Em cũng vậy <3")
        let second = try store.enqueueReply(reply, course: CourseID(101), backend: "moodle")
        for _ in 0..<4 {
            try await engine.runDueJobs()
            clock.advance(by: 600)
        }
        #expect(try store.job(first.id)?.state == .done && store.job(second.id)?.state == .done)
        let mine = try await server.forumPosts(discussion: 3091).filter { $0.userid == 7 }
        #expect(mine.map(\.parent) == [30911, 30913], "one post to the discussion (a reply to its first post) and one reply")
        #expect(mine.map(\.message) == ["<p>Em nộp file zip được không ạ?</p>", "<p>Em cũng vậy &lt;3</p>"])
        #expect(mine.first?.subject == "Re: Hỏi về bài tập 1")
        #expect(try store.job(second.id)?.discussionReply?.postedID == mine.last.map { String($0.id) })
    }

    @Test func aReplyToALockedDiscussionFailsForGoodInMoodlesWords() async throws {
        defer { server.stop(); folder.remove() }
        let transport = DiscussionWriteTransport.moodle(connection)
        let locked = UploadJob.DiscussionReply(topicID: "3092", topicTitle: "Nhóm học tập tuần 2", text: "Nhóm 4?")
        do {
            _ = try await transport.post(CourseID(101), locked)
            Issue.record("a locked discussion took a reply")
        } catch let error as MoodleError {
            #expect(error.userMessage == "Moodle: Sorry, you are not allowed to post to this forum")
            #expect(!error.isTransient && error.changedNothing)
        }
        #expect(try await server.forumPosts(discussion: 3092).count == 2)
    }
}

extension MoodleConnection {
    /// A connection to the fake Moodle `server` over the network, as the app makes one.
    static func live(_ server: FakeMoodleServer) -> MoodleConnection {
        let http = HTTPClient.curl(HTTPEngine(), timeouts: HTTPTimeouts(request: .seconds(10)))
        return MoodleConnection(
            siteURL: server.baseURL, credentials: AccessCredentials(token: server.token, source: "MOODLE_TOKEN"), http: http,
            clock: .live, analytics: .noOp
        )
    }
}
