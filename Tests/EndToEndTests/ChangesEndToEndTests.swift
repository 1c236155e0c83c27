import FakeCanvasKit
import Foundation
import Testing

/// What changed since the student last looked, across three starts on the fake Canvas: the
/// first records what is there, a teacher changes course 2, the second start marks the course
/// in the list and the changes in the course, and a third, after the course was opened, marks nothing.
@Suite(.serialized) struct ChangesEndToEndTests {
    /// What is kept of what was seen of course `id`, once it is written.
    static func record(_ tmux: TmuxSession, course id: Int) -> String? {
        OfflineFirstTests.cacheFiles(tmux).first { $0.path.hasSuffix("/seen/\(id).json") }.map { String(decoding: $0.contents, as: UTF8.self) }
    }

    /// Starts the app on `server`, waits for the Due pane's planner, and filters the list to Biology 102 (course 2).
    static func startAndFindCourseTwo(_ server: FakeCanvasServer, in tmux: TmuxSession) async throws -> Box {
        try tmux.launchApp(canvas: server)
        try await tmux.waitFor(boxTitled: "Due", "the planner's items") { $0.contains("Homework 1") || $0.contains("Essay") }
        try await tmux.waitFor(boxTitled: "Courses", "the list") { $0.title.hasPrefix("Courses · Current · ") }
        try tmux.press("/")
        try tmux.type("Biology 102")
        try tmux.press("Enter")
        return try await tmux.waitFor(boxTitled: "Courses", "only Biology 102") { box in
            box.title.contains(" · 1 of ") && !courseTwoRow(box).isEmpty
        }
    }

    /// Course 2's row in the filtered list: not the filter's own line above it.
    static func courseTwoRow(_ box: Box) -> String {
        box.lines.first { $0.contains("Biology 102") && !$0.trimmingCharacters(in: .whitespaces).hasPrefix("/") } ?? ""
    }

    @Test func aChangedCourseIsMarkedInTheListAndTheCourseUntilItIsOpened() async throws {
        let server = try FakeCanvasServer()
        defer { server.stop() }
        try await server.configure(#"{"role": "student"}"#)
        let tmux = try await TmuxSession()
        defer { tmux.close() }

        // The first start records what the planner shows, as the baseline, and marks nothing.
        let first = try await Self.startAndFindCourseTwo(server, in: tmux)
        #expect(!Self.courseTwoRow(first).contains("●"), "\(first)")
        try await eventually("course 2's baseline written") { Self.record(tmux, course: 2)?.contains("\"window\"") == true }
        try tmux.press("q")
        #expect(try await tmux.waitForExit() == 0)

        // Canvas dates announcements to the second: one posted in the second the student looked
        // would date from before they looked.
        try await Task.sleep(for: .seconds(1.1))
        // A teacher adds a quiz, moves the Essay (due in two days) to six, and posts an announcement.
        _ = try await server.control("POST", "/__control/changes", json: """
            [{"kind": "add_assignment", "course": 2, "name": "Quiz 4", "due_in_days": 5},
             {"kind": "move_due", "assignment": 500022, "due_in_days": 6},
             {"kind": "announce", "course": 2, "title": "Exam room changed"}]
            """)

        _ = try await Self.startAndFindCourseTwo(server, in: tmux)
        // The mark comes once the planner has answered and been compared with the record.
        let second = try await tmux.waitFor(boxTitled: "Courses", "course 2 marked") { Self.courseTwoRow($0).contains("●") }
        #expect(Self.courseTwoRow(second).contains("●3"), "the quiz, the Essay's date and the announcement: \(second)")
        try tmux.press("Enter")
        let course = try await tmux.waitFor(box: "Course", "course 2 with its marks") { $0.contains("Quiz 4") && $0.contains("● new") }
        let rows = course.lines.map { $0.trimmingCharacters(in: .whitespaces) }
        let essay = try #require(rows.firstIndex(of: "Essay"), "\(course)")
        #expect(rows[essay...].prefix(4).contains { $0.hasPrefix("● due date moved: ") && $0.contains(" → ") }, "\(course)")
        #expect(!rows.contains { $0.contains("● new grade") }, "nothing was graded: \(course)")
        #expect(rows.contains { $0.hasPrefix("● ") && $0.hasSuffix("Exam room changed") }, "posted and unread: \(course)")
        try await tmux.waitFor(boxTitled: "Courses", "the mark cleared") { !Self.courseTwoRow($0).contains("●") && $0.contains("Biology 102") }
        try await eventually("course 2 recorded whole") {
            let record = Self.record(tmux, course: 2) ?? ""
            return record.contains("500024") && !record.contains("\"window\"")
        }
        try tmux.press("q")
        #expect(try await tmux.waitForExit() == 0)

        // The third start has nothing new to say about course 2, in the list or in the course.
        let third = try await Self.startAndFindCourseTwo(server, in: tmux)
        #expect(!Self.courseTwoRow(third).contains("●"), "\(third)")
        try tmux.press("Enter")
        let again = try await tmux.waitFor(box: "Course", "course 2") { $0.contains("Quiz 4") }
        // Unread announcements keep their ● until they are read; what changed is marked no more.
        #expect(!again.lines.contains { $0.contains("● new") || $0.contains("● due date moved") }, "\(again)")
        try tmux.press("q")
        #expect(try await tmux.waitForExit() == 0)
    }
}
