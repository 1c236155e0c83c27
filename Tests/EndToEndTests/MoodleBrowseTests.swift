import FakeMoodleKit
import Foundation
import Testing

/// A student on a (fake) Moodle site, logged in as README says: the course list with grades and
/// what is due, a course opened, an announcement read, a file downloaded and a file handed in.
@Suite(.serialized) struct MoodleBrowseTests {
    /// Logs the tmux session's home in to `server` with the student's username and password.
    static func logIn(_ tmux: TmuxSession, to server: FakeMoodleServer) throws {
        let environment = AppCommand.environment(token: nil, home: tmux.directory)
        let login = try AppCommand.run(
            ["login", "--moodle", server.baseURL.absoluteString], environment: environment,
            input: "\(FakeMoodleServer.username)\n\(FakeMoodleServer.password)\n"
        )
        #expect(login.status == 0, "\(login.stderr)")
    }

    @Test func theListAndDueThenACourseItsAnnouncementAFileAndAHandIn() async throws {
        let server = try FakeMoodleServer()
        defer { server.stop() }
        let tmux = try await TmuxSession()
        defer { tmux.close() }
        try Self.logIn(tmux, to: server)
        let downloads = tmux.directory.appendingPathComponent("dl")
        try tmux.launchApp(["--course", "101", "--download-dir", downloads.path])

        let list = try await tmux.waitFor(boxTitled: "Courses", "the courses with their grades") { $0.contains("Lập trình Swift cơ bản") }
        #expect(list.contains("B+") && list.contains("72%"), "the grade report's totals: \(list)")
        #expect(list.contains("hidden"), "the course removed from view is marked: \(list)")
        #expect(!list.contains("Kinh tế vĩ mô"), "the past course is not current")
        let due = try await tmux.waitFor(boxTitled: "Due", "what is due") { $0.contains("Bài tập 0") }
        #expect(due.contains("❗"), "overdue work is missing: \(due)")
        let course = try await tmux.waitFor(box: "Course", "course 101 open") { $0.contains("Assignments · 6") && $0.contains("Announcements · 2") }
        #expect(course.containsIgnoringWrapping("Teachers: TS. Nguyễn Văn Hùng, ThS. Trần Thị Mai Anh"))

        try tmux.press("u")
        try await tmux.waitFor(box: "Course", "u saying why it does nothing") {
            $0.containsIgnoringWrapping("Moodle courses have no files area students can add to")
        }

        var read = false
        for _ in 0..<20 where !read {
            try tmux.press("n")
            try tmux.press("Enter")
            read = try await tmux.waitFor(box: "Course", "an answer to Enter") { _ in true }.contains("Lịch học tuần này:")
        }
        #expect(read, "the unread announcement opened")
        try await eventually("the site to hear the announcement was read") {
            try await server.requests().contains { $0.wsfunction == "mod_forum_view_forum_discussion" }
        }

        let queued = try await DownloadEndToEndTests.downloadFirstFile(tmux)
        #expect(queued, "no file was queued")
        try await tmux.waitFor(boxTitled: "Queue", "the download done") { $0.contains("downloaded") }
        let landed = DownloadEndToEndTests.files(below: downloads.appendingPathComponent("coursebrowser/INT2215"))
        #expect(!landed.isEmpty && landed.allSatisfy { !$0.hasSuffix(".part") }, "\(landed)")

        let homework = tmux.directory.appendingPathComponent("bai-tap-1.pdf")
        try TestFile.write(homework, size: 20_000)
        try tmux.press("Escape")
        try tmux.press("s")
        try await tmux.waitFor(box: "Course", "the picker") { $0.contains("Submit to:") }
        try tmux.type("Bài tập 1")
        try tmux.press("Enter")
        try tmux.type(homework.path)
        try tmux.press("Enter")
        try await tmux.waitFor(box: "Course", "the question") { $0.containsIgnoringWrapping("Hand in bai-tap-1.pdf to Bài tập 1 — attempt 1? y/n") }
        try tmux.press("y")
        try await tmux.waitFor(boxTitled: "Queue", "the hand-in done") { $0.contains("submitted (attempt 1)") }
        let stored = try #require(try await server.submissions().first { $0.cmid == 1013 })
        #expect(stored.status == "submitted" && stored.saves == 1)
        #expect(stored.files.map(\.sha256) == [try TestFile.sha256(homework)])

        try tmux.press("q")
        #expect(try await tmux.waitForExit() == 0)
    }

    /// A forum discussion of course 101 opened, and a reply written in the editor to the reply at
    /// the end of its thread, while the site's answer to it is lost: one post, under that reply.
    @Test func aDiscussionOpensAndAReplyFromTheEditorIsPostedOnce() async throws {
        let server = try FakeMoodleServer()
        defer { server.stop() }
        try await server.fault(#"{"match": "mod_forum_add_discussion_post", "kind": "lost_reply", "count": 1}"#)
        let tmux = try await TmuxSession(width: 120, height: 50)
        defer { tmux.close() }
        try Self.logIn(tmux, to: server)
        let editor = tmux.directory.appendingPathComponent("editor")
        try Data("#!/bin/sh\nprintf 'Em cũng thắc mắc câu này.\\n' > \"$1\"\n".utf8).write(to: editor)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: editor.path)
        try tmux.launchApp(["--course", "101"], environment: ["VISUAL": editor.path])
        try await tmux.waitFor(box: "Course", "the discussions") { $0.contains("Discussions · 2") && $0.contains("Hỏi về bài tập 1") }
        var opened = false
        for _ in 0..<20 where !opened {
            try tmux.press("n")
            try tmux.press("Enter")
            opened = try await tmux.waitFor(box: "Course", "an answer to Enter") { _ in true }.contains("Cảm ơn thầy!")
            if !opened { try tmux.press("Enter") }
        }
        #expect(opened, "the discussion's thread opened")
        try tmux.press("n")
        try tmux.press("n")
        try tmux.press("R")
        try await tmux.waitFor(box: "Course", "the question") { $0.containsIgnoringWrapping("Post your reply of 6 words to Lê Văn Cường's reply in Hỏi về bài tập 1?") }
        try tmux.press("y")
        try await tmux.waitFor(box: "Course", "the reply posted", timeout: .seconds(90)) { $0.contains("Your reply to Hỏi về bài tập 1 was posted") }
        let mine = try await server.forumPosts(discussion: 3091).filter { $0.userid == 7 }
        #expect(mine.map(\.parent) == [30913], "one reply, under the reply answered: \(mine)")
        #expect(mine.first?.message == "<p>Em cũng thắc mắc câu này.</p>")
        try tmux.press("q")
        #expect(try await tmux.waitForExit() == 0)
    }

    /// What the site won't do stays in the section it is about: a function the site doesn't let
    /// the app call, a web page in place of an answer, and the network gone and back.
    @Test func eachSectionSaysWhatWentWrongInItsOwnRowAndRetries() async throws {
        let server = try FakeMoodleServer()
        defer { server.stop() }
        try await server.configure(#"{"disabled_functions": ["mod_forum_get_forums_by_courses"]}"#)
        try await server.fault(#"{"match": "core_course_get_contents", "kind": "html", "count": -1}"#)
        let tmux = try await TmuxSession(height: 70)
        defer { tmux.close() }
        try Self.logIn(tmux, to: server)
        try tmux.launchApp(["--course", "101"])
        let host = "127.0.0.1:\(server.baseURL.port ?? 0)"
        let course = try await tmux.waitFor(box: "Course", "the sections that failed, each in its row") {
            $0.contains("Assignments · 6") && $0.containsIgnoringWrapping("doesn't let the app call mod_forum_get_forums_by_courses")
                && $0.containsIgnoringWrapping("answered with a web page instead of Moodle's web service")
        }
        #expect(course.containsIgnoringWrapping("❗ Couldn't load announcements: \(host) doesn't let the app call"), "\(course)")
        #expect(course.contains("[r]etry"))
        #expect(course.containsIgnoringWrapping("Teachers: TS. Nguyễn Văn Hùng"), "the overview still shows")

        _ = try await server.control("DELETE", "/__control/faults")
        try await server.configure(#"{"disabled_functions": []}"#)
        try await server.down()
        try tmux.press("r")
        try await tmux.waitFor(box: "Course", "r while the site is down") { $0.containsIgnoringWrapping("Can't reach 127.0.0.1") }
        try await server.up()
        try tmux.press("r")
        let back = try await tmux.waitFor(box: "Course", "every section after r") {
            $0.contains("Announcements · 2") && $0.contains("Modules · ") && !$0.contains("❗")
        }
        #expect(back.contains("Lịch học tuần này & phòng thi"))
        try tmux.press("q")
        #expect(try await tmux.waitForExit() == 0)
    }

    /// Offline first on Moodle: a second start with the site down shows the saved list and course
    /// at once, and once the site is back, `r` brings them up to date without asking whose they are.
    @Test func withTheSiteDownTheSavedListShowsAndTheTokensUserIsNotAskedAgain() async throws {
        let server = try FakeMoodleServer()
        defer { server.stop() }
        let tmux = try await TmuxSession()
        defer { tmux.close() }
        try Self.logIn(tmux, to: server)
        try tmux.launchApp(["--course", "101"])
        try await tmux.waitFor(box: "Course", "course 101 open") { $0.contains("Assignments · 6") && $0.contains("Announcements · 2") }
        try await tmux.waitFor(boxTitled: "Courses", "the courses with their grades") { $0.contains("72%") }
        try tmux.press("q")
        #expect(try await tmux.waitForExit() == 0)
        let siteInfo = { try await server.requests().filter { $0.wsfunction == "core_webservice_get_site_info" }.count }
        let asked = try await siteInfo()

        try await server.down()
        try tmux.launchApp(["--course", "101"])
        let course = try await tmux.waitFor(box: "Course", "the saved course with the offline row") {
            $0.contains("Offline — showing what was saved") && $0.contains("Assignments · 6")
        }
        #expect(course.containsIgnoringWrapping("Teachers: TS. Nguyễn Văn Hùng"))
        try await tmux.waitFor(boxTitled: "Courses", "the saved list") { $0.contains("Lập trình Swift cơ bản") && $0.contains("72%") }

        try await server.up()
        try tmux.press("r")
        try await tmux.waitFor(box: "Course", "fresh, without the row") { !$0.contains("Offline") && $0.contains("Assignments · 6") }
        try tmux.press("BTab")
        try tmux.press("r")
        try await tmux.waitFor(boxTitled: "Courses", "fresh, without the row") { !$0.contains("Offline") && $0.contains("72%") }
        let enrolments = try await server.requests().filter { $0.wsfunction == "core_enrol_get_users_courses" }
        #expect(enrolments.count >= 2, "the list was read again: \(enrolments.count)")
        #expect(try await siteInfo() == asked, "the token's user is remembered from the first start")
        try tmux.press("q")
        #expect(try await tmux.waitForExit() == 0)
    }
}
