import FakeCanvasKit
import Foundation
import Testing

/// Announcements in the Course pane, end to end: Canvas's recent and older unread ones on
/// screen with the unread mark, Enter reading one whole and Canvas told it was read, and the
/// sample catalog's offline.
@Suite(.serialized) struct AnnouncementsEndToEndTests {
    static func rows(_ box: Box) -> [String] {
        box.lines.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// The row of the announcement titled `title`: its mark, its day, then its title.
    static func row(_ box: Box, _ title: String) -> String? {
        rows(box).first { $0.hasSuffix("  " + title) }
    }

    @Test func openingAnUnreadAnnouncementReadsItWholeAndCanvasRecordsThePut() async throws {
        let server = try FakeCanvasServer()
        defer { server.stop() }
        try await server.configure(#"{"role": "student"}"#)
        let tmux = try await TmuxSession(width: 120, height: 60)
        defer { tmux.close() }
        // Course 2 on the fake: three assignments, then yesterday evening's announcement and one from 30 days
        // ago unread, one from five days ago read; the one from 60 days ago, read, is left out.
        try tmux.launchApp(canvas: server, ["--course", "2"])
        let course = try await tmux.waitFor(box: "Course", "course 2's announcements") { $0.contains("Announcements · 3") }
        let rows = Self.rows(course)
        #expect(Self.row(course, "Friday's lecture moves to room B-204")?.hasPrefix("● ") == true, "\(course)")
        #expect(Self.row(course, "Week slides are up")?.hasPrefix("● ") == false, "\(course)")
        #expect(Self.row(course, "Midterm review session")?.hasPrefix("● ") == true, "\(course)")
        #expect(!rows.contains { $0.contains("Welcome to the course") }, "\(course)")
        #expect(!rows.contains { $0.contains("The lab after it is cancelled.") }, "a message shows once it is opened")
        #expect(rows.contains { $0.hasPrefix("Modules · ") }, "the syllabus and modules stay in reach below: \(course)")

        // Past the three assignments to the newest announcement.
        try tmux.press("n", "n", "n", "n", "Enter")
        let opened = try await tmux.waitFor(box: "Course", "the announcement opened") { $0.contains("The lab after it is cancelled.") }
        #expect(Self.row(opened, "Friday's lecture moves to room B-204")?.hasPrefix("● ") == false, "the mark goes at once: \(opened)")
        #expect(Self.row(opened, "Midterm review session")?.hasPrefix("● ") == true, "\(opened)")
        #expect(Self.rows(opened).contains("• Bring your laptop."), "the message as text: \(opened)")
        let topic = "/api/v1/courses/2/discussion_topics/800021/read"
        var puts: [String] = []
        for _ in 0..<100 where puts.isEmpty {
            try await Task.sleep(for: .milliseconds(100))
            puts = try await server.requests().filter { $0.method == "PUT" }.map(\.path)
        }
        #expect(puts == [topic], "one PUT, for the opened one only")
    }

    @Test func theSampleShowsItsAnnouncementsOffline() async throws {
        let tmux = try await TmuxSession(width: 120, height: 60)
        defer { tmux.close() }
        try tmux.launchApp(["--course", "10003", "--data-dir", tmux.dataDirectory.path])
        let course = try await tmux.waitFor(box: "Course", "course 10003's announcements") { $0.contains("Announcements · 2") }
        #expect(Self.row(course, "Lịch kiểm tra giữa kỳ")?.hasPrefix("● ") == true, "\(course)")
        #expect(Self.row(course, "Tài liệu tuần 10 đã có")?.hasPrefix("● ") == false, "\(course)")
    }
}
