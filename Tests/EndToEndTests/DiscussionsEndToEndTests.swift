import FakeCanvasKit
import Foundation
import Testing

/// The Course pane's Discussions against the fake Canvas: the topics with what is unread, a
/// thread opened with its replies under what they answer, marked read on Canvas as shown.
@Suite(.serialized) struct DiscussionsEndToEndTests {
    @Test func aThreadOpensWithItsRepliesAndCanvasHearsTheyWereRead() async throws {
        let server = try FakeCanvasServer()
        defer { server.stop() }
        try await server.configure(#"{"role": "student"}"#)
        let tmux = try await TmuxSession(width: 120, height: 60)
        defer { tmux.close() }
        try tmux.launchApp(canvas: server, ["--course", "52"])
        let listed = try await tmux.waitFor(boxTitled: "Course", "the discussions") { $0.contains("Discussions · 4") }
        #expect(listed.contains("3 unread · 5 replies"), "\(listed.lines)")
        #expect(listed.contains("2 unread · 2 replies · graded"))
        #expect(listed.contains("2 replies · closed"))

        // The four assignments, three announcements and the file one carries, and the graded
        // discussion come before it.
        for _ in 0..<10 {
            try tmux.press("n")
            try await Task.sleep(for: .milliseconds(30))
        }
        try tmux.press("Enter")
        let thread = try await tmux.waitFor(boxTitled: "Course", "the thread") { $0.contains("Thanks, that clears it up.") }
        #expect(thread.contains("Is problem 4 about linear or quadratic probing?"))
        #expect(thread.contains("deleted ·"), "a deleted reply keeps its place, not its words")
        let week3 = try await waitForRead(server, topic: 600521)
        #expect(Set(week3.read_entry_ids).isSuperset(of: [52103, 52105, 52106]), "\(week3)")
        #expect(try await tmux.waitFor(boxTitled: "Course", "the row read") { !$0.contains("3 unread") }.contains("5 replies"))
        try tmux.press("q")
        #expect(try await tmux.waitForExit() == 0)
    }

    /// The discussion `topic` once the student has read all of it, as the server keeps it.
    private func waitForRead(_ server: FakeCanvasServer, topic: Int) async throws -> FakeCanvasServer.Discussion {
        for _ in 0..<100 {
            if let found = try await server.discussions().first(where: { $0.id == topic }), found.unread_entry_ids.isEmpty { return found }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw CancellationError()
    }
}
