import FakeCanvasKit
import Foundation
import Testing

/// `x` in the Due pane against the fake Canvas, as a student ticks off work done on paper: the
/// mark reaches Canvas as one planner override, also when marked offline (sent once the network
/// is back) and when Canvas's answer to it is lost (found and set again, never a second one).
@Suite(.serialized) struct DoneMarksEndToEndTests {
    /// How many of the queue's rows say a mark was sent.
    static func sent(_ box: Box) -> Int {
        box.lines.filter { $0.contains("Done: ") && $0.hasSuffix("sent") }.count
    }

    static func missing(_ box: Box) -> Int {
        Int(box.title.firstMatch(of: /(\d+) missing/)?.1 ?? "") ?? 0
    }

    @Test func marksReachCanvasOnceOnlineOfflineAndWithALostAnswer() async throws {
        let server = try FakeCanvasServer()
        defer { server.stop() }
        try await server.configure(#"{"role": "student"}"#)
        let tmux = try await TmuxSession(width: 140, height: 50)
        defer { tmux.close() }
        try tmux.launchApp(canvas: server, ["--due"])
        let start = try await tmux.waitFor(boxTitled: "Due", "the missing work") { $0.lines.contains { $0.contains("Missing") } }
        let before = Self.missing(start)

        // Online: the row leaves Missing at once, and Canvas has the mark.
        try tmux.press("x")
        try await tmux.waitFor(boxTitled: "Queue", "the mark sent") { $0.contains("Done: Homework 1") && $0.contains("sent") }
        let first = try await server.plannerOverrides()
        #expect(first.count == 1 && first[0].marked_complete, "\(first)")
        #expect(Self.missing(try await tmux.waitFor(boxTitled: "Due", "one fewer missing") { Self.missing($0) == before - 1 }) == before - 1)

        // Offline: the row leaves Missing all the same and the mark waits in the queue; once
        // Canvas answers again it goes.
        try await server.control("POST", "/__control/down")
        try tmux.press("x")
        // As long as the step after it allows: on a loaded machine the first try can come late.
        try await tmux.waitFor(boxTitled: "Queue", "the mark waiting for the network", timeout: .seconds(90)) { $0.contains("Can't reach") }
        #expect(Self.missing(try await tmux.waitFor(boxTitled: "Due", "two fewer missing") { Self.missing($0) == before - 2 }) == before - 2)
        #expect(try await server.plannerOverrides().count == 1)
        try await server.control("POST", "/__control/up")
        try await tmux.waitFor(boxTitled: "Queue", "the mark sent once Canvas is back", timeout: .seconds(90)) { Self.sent($0) == 2 }
        #expect(try await server.plannerOverrides().count == 2)

        // Canvas makes the override and the answer is lost: sent again, it is found, not doubled.
        try await server.fault(#"{"match": "/api/v1/planner/overrides$", "method": "POST", "kind": "lost_reply", "count": 1}"#)
        try tmux.press("x")
        try await tmux.waitFor(boxTitled: "Queue", "the third mark sent after its lost answer", timeout: .seconds(90)) { Self.sent($0) == 3 }
        let all = try await server.plannerOverrides()
        #expect(all.count == 3, "one override per item: \(all)")
        #expect(Set(all.map(\.plannable_id)).count == 3 && all.allSatisfy(\.marked_complete))
        let asked = try await server.requests().filter { $0.path.hasPrefix("/api/v1/planner/overrides") }.map { "\($0.method) \($0.path)" }
        #expect(asked.filter { $0.hasPrefix("PUT") }.count == 1, "the lost one was found and set: \(asked)")
        try tmux.press("q")
        #expect(try await tmux.waitForExit() == 0)
    }
}
