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

    /// `R` on the discussion, then on a reply two levels down in its thread, each written in the
    /// student's editor, while Canvas's answers to both posts are lost: one entry each, in place.
    @Test func aPostAndAReplyWrittenInTheEditorAreEachMadeOnceThoughTheirAnswersAreLost() async throws {
        let server = try FakeCanvasServer()
        defer { server.stop() }
        try await server.configure(#"{"role": "student"}"#)
        try await server.fault(#"{"match": "/discussion_topics/600521/entries$", "method": "POST", "kind": "lost_reply"}"#)
        try await server.fault(#"{"match": "/entries/52103/replies$", "method": "POST", "kind": "lost_reply"}"#)
        let tmux = try await TmuxSession(width: 120, height: 60)
        defer { tmux.close() }
        let answer = tmux.directory.appendingPathComponent("answer.txt")
        let editor = tmux.directory.appendingPathComponent("editor")
        try Data("#!/bin/sh\ncat \(answer.path.shellQuoted) > \"$1\"\n".utf8).write(to: editor)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: editor.path)
        try Data("Does problem 4 count for the quiz?\n\nThanks!\n".utf8).write(to: answer)
        try tmux.launchApp(canvas: server, ["--course", "52"], environment: ["VISUAL": editor.path, "EDITOR": "false"])
        try await tmux.waitFor(boxTitled: "Course", "the discussions") { $0.contains("Discussions · 4") }
        for _ in 0..<10 {
            try tmux.press("n")
            try await Task.sleep(for: .milliseconds(30))
        }
        try tmux.press("R")
        let question = try await tmux.waitFor(boxTitled: "Course", "the question") { $0.contains("Post your reply of 8 words to Week 3 questions?") }
        #expect(question.contains("Does problem 4 count for the quiz?"), "what was written shows before it is posted")
        try tmux.press("y")
        try await tmux.waitFor(boxTitled: "Course", "the post made", timeout: .seconds(90)) { $0.contains("Your reply to Week 3 questions was posted") }

        try tmux.press("Enter")
        try await tmux.waitFor(boxTitled: "Course", "the thread with the post") { $0.contains("Thanks, that clears it up.") && $0.contains("6 replies") }
        for _ in 0..<3 {
            try tmux.press("n")
            try await Task.sleep(for: .milliseconds(30))
        }
        try Data("Same here.\n".utf8).write(to: answer)
        try tmux.press("R")
        try await tmux.waitFor(boxTitled: "Course", "the question about the reply") { $0.contains("Post your reply of 2 words to") && $0.contains("reply in Week 3") }
        try tmux.press("y")
        try await tmux.waitFor(boxTitled: "Course", "the reply made", timeout: .seconds(90)) { $0.contains("Your reply to Week 3 questions was posted") && !$0.contains("Queued") }
        try await tmux.waitFor(boxTitled: "Course", "the reply in its thread") { $0.contains("Same here.") }

        let week3 = try #require(try await server.discussions().first { $0.id == 600521 })
        #expect(week3.own.map(\.parent_id) == [nil, 52103], "one post and one reply, under the reply answered: \(week3.own)")
        #expect(week3.own.map(\.message) == ["<p>Does problem 4 count for the quiz?</p><p>Thanks!</p>", "<p>Same here.</p>"])
        let posts = try await server.requests().filter { $0.method == "POST" && $0.path.contains("/discussion_topics/600521/entries") }
        #expect(posts.map(\.fault) == ["lost_reply", "lost_reply"], "each posted once, its answer lost, and never again")
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
