import FakeCanvasKit
import Foundation
import Testing

/// Grades and locks as Canvas means them, end to end: the sample catalog's grading types,
/// a grade not released yet and a lock ahead on screen, `submit` warning from a saved copy
/// that the assignment may lock before the network is back, and the current course grade in
/// the course list and the Course pane's header.
@Suite(.serialized) struct GradesEndToEndTests {
    /// The rows of the Course pane's assignments section, without the box's margins.
    static func rows(_ box: Box) -> [String] {
        box.lines.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// The Course pane on the sample's course `id`, on a wide screen, once it shows `name`.
    static func sampleCourse(_ id: String, showing name: String) async throws -> Box {
        let tmux = try await TmuxSession(width: 160)
        defer { tmux.close() }
        try tmux.launchApp(["--course", id, "--data-dir", tmux.dataDirectory.path])
        return try await tmux.waitFor(box: "Course", "course \(id)'s assignments") { $0.contains(name) }
    }

    @Test func theSampleShowsLetterAndPassFailGradesAndTheMissingPolicysZero() async throws {
        let course = try await Self.sampleCourse("10002", showing: "Participation")
        let rows = Self.rows(course)
        #expect(rows.contains { $0.hasSuffix("· 20 pts · graded B (17/20)") }, "\(course)")
        #expect(rows.contains { $0.hasSuffix("· 10 pts · missing · 0/10") }, "\(course)")
        #expect(rows.contains("no due date · 5 pts · complete"), "\(course)")
        #expect(!rows.contains { $0.hasSuffix("not submitted") && $0.contains("5 pts") }, "work on paper owes nothing here")
    }

    @Test func theSampleShowsAGradeNotReleasedYetAndAnAssignmentThatLocksSoon() async throws {
        let course = try await Self.sampleCourse("10001", showing: "Lab Check-off")
        let rows = Self.rows(course)
        #expect(rows.contains { $0.hasSuffix("· 20 pts · graded, grade not released yet") }, "\(course)")
        let lab = try #require(rows.firstIndex(of: "Lab Check-off"))
        #expect(rows[lab + 1].contains(" · locks in ") && rows[lab + 1].hasSuffix(" h · 2 pts · not submitted"), "\(course)")
    }

    @Test func submitFromASavedCopyWarnsThatTheAssignmentMayLockBeforeTheNetworkIsBack() async throws {
        let server = try FakeCanvasServer()
        defer { server.stop() }
        try await server.configure(#"{"role": "student"}"#)
        let tmux = try await TmuxSession()
        defer { tmux.close() }
        // Course 2 on the fake: Homework 1 graded B and posted; the Essay locks two days after it is due.
        try tmux.launchApp(canvas: server, ["--course", "2"])
        let course = try await tmux.waitFor(box: "Course", "course 2's assignments") { $0.contains("Final Project") }
        #expect(Self.rows(course).contains { $0.hasSuffix("· 10 pts · graded B (8.5/10)") }, "\(course)")
        #expect(Self.rows(course).contains { $0.contains(" · locks ") }, "\(course)")
        try await eventually("the assignments saved") { OfflineFirstTests.cacheFiles(tmux).contains { $0.path.hasSuffix("/assignments-2.json") } }
        try tmux.press("q")
        #expect(try await tmux.waitForExit() == 0)

        try await server.control("POST", "/__control/down")
        let essay = tmux.directory.appendingPathComponent("essay.pdf")
        _ = try TestFile.write(essay, size: 2_000)
        // `submit` of the essay to course 2's assignment `number`, with Canvas down.
        let handIn = { (number: Int) in
            try AppCommand.run(
                ["submit", "--course", "2", "--assignment", FakeCanvasServer.assignmentID(course: 2, number: number), essay.path,
                 "--canvas", server.baseURL.absoluteString, "--token-file", tmux.tokenFile.path, "--data-dir", tmux.dataDirectory.path],
                environment: AppCommand.environment(token: nil, home: tmux.directory)
            )
        }
        let submit = try handIn(2)
        #expect(submit.status == 0, "\(submit.stderr)")
        #expect(submit.stderr.hasPrefix("coursebrowser: warning: can't check assignment 500022 now ("), "\(submit.stderr)")
        #expect(submit.stderr.contains("); going by the copy saved earlier, and Canvas checks it when it is sent\n"), "\(submit.stderr)")
        #expect(submit.stderr.contains("warning: Essay locks "), "\(submit.stderr)")
        #expect(submit.stderr.contains("and Canvas could not be asked just now: the hand-in goes when the network allows"), "\(submit.stderr)")
        #expect(submit.stdout.hasPrefix("queued "), "\(submit.stdout)")

        // The Final Project was locked when saved; the lock may have lifted since, so it is warned of, not refused.
        let locked = try handIn(3)
        #expect(locked.status == 0, "\(locked.stderr)")
        #expect(locked.stderr.contains("warning: Final Project was locked when last read ("), "\(locked.stderr)")
        #expect(locked.stdout.hasPrefix("queued "), "\(locked.stdout)")
    }

    /// The course list's box, whichever view and count its title says.
    static func courseList(_ screen: Screen) -> Box? {
        screen.boxes.first { $0.title.hasPrefix("Courses · ") }
    }

    @Test func theSampleShowsTheCurrentGradeInTheListAndTheCourseHeader() async throws {
        let tmux = try await TmuxSession(width: 160)
        defer { tmux.close() }
        try tmux.launchApp(["--course", "10001", "--data-dir", tmux.dataDirectory.path])
        try await tmux.waitFor(box: "Course", "course 10001's grade") { Self.rows($0).contains("Grade: B+ (87.5%)") }
        let screen = try await tmux.waitFor("the list's grades") { screen in
            Self.courseList(screen).map { Self.rows($0).contains { $0.contains("CS 101") && $0.hasSuffix(" B+") } } ?? false
        }
        let list = try #require(Self.courseList(screen))
        #expect(Self.rows(list).contains { $0.contains("CS 201") && $0.hasSuffix(" 91.25%") }, "\(screen)")
    }

    @Test func canvasTotalScoresReachTheListAndTheHeader() async throws {
        let server = try FakeCanvasServer()
        defer { server.stop() }
        try await server.configure(#"{"role": "student"}"#)
        let tmux = try await TmuxSession(width: 160)
        defer { tmux.close() }
        // Course 2 on the fake: current score 75, a C.
        try tmux.launchApp(canvas: server, ["--course", "2"])
        try await tmux.waitFor(box: "Course", "course 2's grade") { Self.rows($0).contains("Grade: C (75%)") }
        try await tmux.waitFor("the list's grades") { screen in
            Self.courseList(screen).map { Self.rows($0).contains { $0.contains("BIO 102") && $0.hasSuffix(" C") } } ?? false
        }
        // The listing and the course itself (not its syllabus, modules or assignments) ask for the totals.
        let asked = try await server.requests().map(\.path).filter { path in
            let resource = path.prefix { $0 != "?" }
            return (resource == "/api/v1/courses" || resource == "/api/v1/courses/2") && !path.contains("syllabus_body")
        }
        #expect(asked.count >= 2 && asked.allSatisfy { $0.contains("total_scores") }, "\(asked)")
    }
}
