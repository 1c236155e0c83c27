import FakeCanvasKit
import Foundation
import Testing

/// `--refresh`: what Canvas changes shows up without a key, and a refresh that fails keeps
/// what is shown and says so in the pane's own row.
@Suite struct BackgroundRefreshTests {
    @Test func aNewPlannerRowShowsUpUntouchedAndAFailedRefreshKeepsTheRowsWithItsReason() async throws {
        let server = try FakeCanvasServer(arguments: ["--courses", "4"])
        defer { server.stop() }
        let tmux = try await TmuxSession()
        defer { tmux.close() }
        // A tenth of a minute, the shortest --refresh takes: every 6 seconds.
        try tmux.launchApp(canvas: server, ["--refresh", "0.1"])
        try await tmux.waitFor(boxTitled: "Due", "what is due loaded") { $0.contains("Homework 1") && !$0.contains("Loading") }

        // Canvas gains a planner row (of a kind no client knows, shown by its name); nobody presses a key.
        try await server.configure(#"{"planner_unknown_type": true}"#)
        let refreshed = try await tmux.waitFor(boxTitled: "Due", "the new row, read by a refresh", timeout: .seconds(40)) {
            $0.lines.contains { $0.contains("H Virtual visit") }
        }
        #expect(refreshed.contains("Homework 1"), "\(refreshed)")
        #expect(!refreshed.contains("Loading"), "a refresh shows no spinner: \(refreshed)")

        try await server.control("POST", "/__control/down")
        let failed = try await tmux.waitFor(boxTitled: "Due", "the refresh's failure in the pane's row", timeout: .seconds(40)) {
            $0.contains("Couldn't refresh at")
        }
        // The failure's row pushes the rows down a line; the title still counts every item.
        #expect(failed.title == refreshed.title && failed.contains("Homework 1"), "what was shown stays: \(failed)")
        #expect(failed.contains("[r]etry"), "\(failed)")
        let list = try await tmux.waitFor(boxTitled: "Courses", "the list's own failure row", timeout: .seconds(40)) {
            $0.contains("Couldn't refresh at")
        }
        #expect(list.lines.contains { !$0.trimmingSpaces().isEmpty && !$0.contains("Couldn't") && !$0.contains("Current") }, "\(list)")

        try await server.control("POST", "/__control/up")
        try await tmux.waitFor(boxTitled: "Due", "the next refresh clears the row", timeout: .seconds(40)) {
            !$0.contains("Couldn't refresh") && $0.lines.contains { $0.contains("H Virtual visit") }
        }
    }

    /// Without --refresh and without a key: panes that could not reach Canvas try again by
    /// themselves (after 5 s, then less often), so the network coming back shows on its own.
    @Test func theNetworkComingBackShowsWithoutAKey() async throws {
        let server = try FakeCanvasServer(arguments: ["--courses", "4"])
        defer { server.stop() }
        let tmux = try await TmuxSession()
        defer { tmux.close() }
        try await server.control("POST", "/__control/down")
        try tmux.launchApp(canvas: server)
        let offline = try await tmux.waitFor("every pane that asks Canvas cut off") { screen in
            screen.box(titled: "Courses")?.containsIgnoringWrapping("Can't reach") == true && screen.box(titled: "Due")?.containsIgnoringWrapping("Can't reach") == true
        }
        #expect(!offline.contains("Homework 1"), "\(offline)")

        try await server.control("POST", "/__control/up")
        let back = try await tmux.waitFor("the courses and what is due, with no key pressed", timeout: .seconds(40)) { screen in
            screen.box(titled: "Due")?.contains("Homework 1") == true && screen.box(titled: "Courses")?.containsIgnoringWrapping("Can't reach") == false
        }
        #expect(back.lastNonBlankLine.contains("Tab focus"), "\(back)")
        try tmux.press("q")
        #expect(try await tmux.waitForExit() == 0)
    }

    /// A letter another pane takes says where it works, on the hint line, until the next key.
    @Test func aKeyOfAnotherPaneNamesThePanesItWorksIn() async throws {
        let tmux = try await TmuxSession(width: 80, height: 24)
        defer { tmux.close() }
        try tmux.launchApp()
        try await tmux.waitFor(box: "Courses · Current · 43", "the sample catalog") { $0.isFocused }
        try tmux.press("x")
        let said = try await tmux.waitFor("where x works") { $0.lastNonBlankLine.contains("x works in the Due pane") }
        #expect(said.box("Courses · Current · 43")?.isFocused == true, "nothing moved")
        try tmux.press("j")
        try await tmux.waitFor("the hint line back") { $0.lastNonBlankLine.hasPrefix(" Tab focus") }
        try tmux.press("q")
        #expect(try await tmux.waitForExit() == 0)
    }
}
