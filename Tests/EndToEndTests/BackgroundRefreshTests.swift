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
}
