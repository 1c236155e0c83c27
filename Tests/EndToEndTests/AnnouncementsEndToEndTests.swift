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

    @Test func openingAnUnreadAnnouncementReadsItWholeAndCanvasRecordsThePut() async throws {
        let server = try FakeCanvasServer()
        defer { server.stop() }
        try await server.configure(#"{"role": "student"}"#)
        let tmux = try await TmuxSession(width: 120, height: 60)
        defer { tmux.close() }
        // Course 2 on the fake: three assignments, then today's announcement and one from 30 days ago unread,
        // one from five days ago read; the one from 60 days ago, read, is left out.
        try tmux.launchApp(canvas: server, ["--course", "2"])
        let course = try await tmux.waitFor(box: "Course", "course 2's announcements") { $0.contains("Announcements · 3") }
        let rows = Self.rows(course)
        #expect(rows.contains("● Friday's lecture moves to room B-204"), "\(course)")
        #expect(rows.contains("Week slides are up"), "\(course)")
        #expect(rows.contains("● Midterm review session"), "\(course)")
        #expect(!rows.contains { $0.contains("Welcome to the course") }, "\(course)")
        #expect(!rows.contains { $0.contains("The lab after it is cancelled.") }, "only the first lines until it is opened")

        // Past the three assignments to the newest announcement.
        try tmux.press("n", "n", "n", "n", "Enter")
        let opened = try await tmux.waitFor(box: "Course", "the announcement opened") { $0.contains("The lab after it is cancelled.") }
        #expect(Self.rows(opened).contains("Friday's lecture moves to room B-204"), "the mark goes at once: \(opened)")
        #expect(Self.rows(opened).contains("● Midterm review session"), "\(opened)")
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
        #expect(Self.rows(course).contains("● Lịch kiểm tra giữa kỳ"), "\(course)")
        #expect(Self.rows(course).contains("Tài liệu tuần 10 đã có"), "\(course)")
    }
}
