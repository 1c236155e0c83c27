import FakeMoodleKit
import Foundation
import Glibc
import Testing

/// The commands for shells and scripts on a Moodle site, logged in as README says: what is due,
/// as JSON and as a calendar, `sync`, and hand-ins made exactly once when an answer is lost.
@Suite(.serialized) struct MoodleCommandTests {
    @Test func dueListsTheCalendarsActionEventsAndTheCalendarHasOneEventEach() async throws {
        let server = try FakeMoodleServer()
        defer { server.stop() }
        let home = try MoodleHome(server)
        try home.logIn()
        let due = try home.run(["due", "--json"])
        #expect(due.status == 0, "\(due.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(due.stdout.utf8)) as? [[String: Any]])
        let byID = Dictionary(rows.map { ($0["id"] as? String ?? "", $0) }, uniquingKeysWith: { first, _ in first })
        #expect(byID["assign:1031"]?["state"] as? String == "missing", "\(rows)")
        #expect(byID["assign:1013"]?["course_code"] as? String == "INT2215")
        #expect(byID["assign:1013"]?["url"] as? String == home.site + "/mod/assign/view.php?id=1013")
        #expect(byID["quiz:3012:close"]?["kind"] as? String == "quiz", "a quiz's closing is a row of its own")
        #expect(byID["assign:1033"] == nil, "handed in: not due")

        let calendar = try home.run(["calendar"])
        #expect(calendar.status == 0, "\(calendar.stderr)")
        #expect(calendar.stdout.hasPrefix("BEGIN:VCALENDAR\r\n"))
        let events = calendar.stdout.components(separatedBy: "BEGIN:VEVENT").count - 1
        #expect(events == rows.count, "one event a row")
        #expect(calendar.stdout.contains("UID:assign-1013@\(home.host)"))
    }

    @Test func syncDownloadsEveryFileOfTheCourseOnceAndKeepsTheirBytes() async throws {
        let server = try FakeMoodleServer()
        defer { server.stop() }
        let home = try MoodleHome(server)
        try home.logIn()
        let folder = home.url.appendingPathComponent("INT2215")
        let first = try home.run(["sync", "--course", "101", folder.path])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.hasSuffix("5 files, 5 new, 0 changed, 0 up to date, 0 failed\n"), "\(first.stdout)")
        let slides = folder.appendingPathComponent("Tuần 2: Kiểu dữ liệu & hàm/Tài liệu tuần 2/slides.pdf")
        #expect((try? Data(contentsOf: slides))?.count == 307_200)
        let code = folder.appendingPathComponent("Tuần 2: Kiểu dữ liệu & hàm/Tài liệu tuần 2/code/main.swift")
        #expect(FileManager.default.fileExists(atPath: code.path))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Tuần 4: Ôn tập").path), "a closed section's file is not there")
        let again = try home.run(["sync", "--course", "101", folder.path])
        #expect(again.stdout.hasSuffix("5 files, 0 new, 0 changed, 5 up to date, 0 failed\n"), "\(again.stdout)")
        let downloads = try await server.requests().filter { $0.path.hasPrefix("/webservice/pluginfile.php") }
        #expect(downloads.allSatisfy { $0.token_valid == true })
        #expect(!downloads.isEmpty && downloads.count <= 10, "each file asked for once, with its first-byte probe: \(downloads.count)")
    }

    @Test func aHandInWhoseSaveAnswerIsLostIsMadeOnceAndDrainSaysItIsDone() async throws {
        let server = try FakeMoodleServer()
        defer { server.stop() }
        let home = try MoodleHome(server)
        try home.logIn()
        let essay = home.url.appendingPathComponent("bai-tap-1.pdf")
        let bytes = try TestFile.write(essay, size: 40_000)
        try await server.fault(#"{"match": "mod_assign_save_submission", "kind": "lost_reply", "count": 1}"#)
        let submit = try home.run(["submit", "--course", "101", "--assignment", "1013", essay.path])
        #expect(submit.status == 0, "\(submit.stderr)")
        #expect(submit.stderr.contains("Hand in bai-tap-1.pdf to Bài tập 1 — attempt 1"), "\(submit.stderr)")
        let first = try home.run(["drain", "--timeout", "60"])
        let second = first.status == 0 ? first : try home.run(["drain", "--timeout", "60"])
        #expect(second.status == 0, "\(first.stderr)\n\(second.stderr)")
        let stored = try #require(try await server.submissions().first { $0.cmid == 1013 })
        #expect(stored.status == "submitted")
        #expect(stored.saves == 1, "the save whose answer was lost was read back, never sent again")
        #expect(stored.files.map(\.sha256) == [try TestFile.sha256(essay)] && stored.files.first?.size == Int64(bytes.count))
        let requests = try await server.requests()
        #expect(!requests.contains { $0.wsfunction != nil && $0.token_in_url == true }, "the token went in the form")
    }

    @Test func aStatementMustBeAcceptedAndALostSubmitAnswerIsReadBack() async throws {
        let server = try FakeMoodleServer()
        defer { server.stop() }
        let home = try MoodleHome(server)
        try home.logIn()
        let essay = home.url.appendingPathComponent("tieu-luan.pdf")
        try TestFile.write(essay, size: 9_000)
        let unasked = try home.run(["submit", "--course", "101", "--assignment", "1022", essay.path])
        #expect(unasked.status == 3, "a statement unanswered is not agreed to")
        #expect(unasked.stderr.contains("and accept its statement “Tôi xin cam đoan đây là bài làm của riêng tôi.”"), "\(unasked.stderr)")
        #expect(unasked.stderr.hasSuffix("coursebrowser: Nothing was handed in: Moodle asks you to accept the statement: answer y at a terminal, or give --yes to accept it\n"), "\(unasked.stderr)")

        try await server.fault(#"{"match": "mod_assign_submit_for_grading", "kind": "lost_reply", "count": 1}"#)
        let accepted = try home.run(["submit", "--course", "101", "--assignment", "1022", "--yes", essay.path])
        #expect(accepted.status == 0, "\(accepted.stderr)")
        _ = try home.run(["drain", "--timeout", "60"])
        let drained = try home.run(["drain", "--timeout", "60"])
        #expect(drained.status == 0, "\(drained.stderr)")
        let stored = try #require(try await server.submissions().first { $0.cmid == 1022 })
        #expect(stored.status == "submitted" && stored.saves == 1 && stored.submits == 1)
        #expect(stored.onlinetext?.contains("Bản nháp phần mở đầu") == true, "the student's text is kept")
        let submits = try await server.requests().filter { $0.wsfunction == "mod_assign_submit_for_grading" }
        #expect(submits.first?.fault == "lost_reply", "the first answer was lost, and the submission was read back: \(submits.count) sent")
    }

    @Test func checksRefuseWhatMoodleWouldNotTakeAndUploadSaysWhereFilesGo() async throws {
        let server = try FakeMoodleServer()
        defer { server.stop() }
        let home = try MoodleHome(server)
        try home.logIn()
        let notes = home.url.appendingPathComponent("ghi-chu.txt")
        let big = home.url.appendingPathComponent("lon.pdf")
        let small = home.url.appendingPathComponent("nho.pdf")
        try TestFile.write(notes, size: 100)
        try TestFile.write(big, size: 1_100_000)
        try TestFile.write(small, size: 100)
        let cases: [([String], String)] = [
            (["1013", notes.path], "ghi-chu.txt: Bài tập 1 takes only .pdf or .docx files"),
            (["1013", big.path], "lon.pdf is 1.1 MB: Bài tập 1 takes files of at most 1.0 MB"),
            (["1032", small.path], "Báo cáo cuối kỳ is locked: it does not accept submissions yet"),
            (["1034", small.path], "Bài tập quá hạn chót is locked: its cut-off date has passed, so Moodle accepts nothing more"),
        ]
        for (arguments, message) in cases {
            let result = try home.run(["submit", "--course", "101", "--assignment", arguments[0], arguments[1], "--yes"])
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stderr == "coursebrowser: \(message)\n", "\(arguments)")
        }
        let upload = try home.run(["upload", "--course", "101", big.path])
        #expect(upload.status == 1)
        #expect(upload.stderr == "coursebrowser: Moodle courses have no files area students can add to; hand files in to an assignment with s\n")
        let queue = try home.run(["queue"])
        #expect(queue.stdout == "Nothing queued.\n", "nothing was queued: \(queue.stdout)")
    }

    @Test func aRevokedTokenSaysToLogInAgain() async throws {
        let server = try FakeMoodleServer()
        defer { server.stop() }
        let home = try MoodleHome(server)
        try home.logIn()
        try await server.control("POST", "/__control/revoke")
        let status = try home.run(["status"])
        #expect(status.status == 1)
        #expect(status.stdout.hasPrefix("\(home.host) rejected the Moodle token from the saved login (profile default): it is wrong, expired or revoked. Run coursebrowser login --moodle \(home.site) again"), "\(status.stdout)")
    }
}
