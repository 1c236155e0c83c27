import FakeCanvasKit
import Foundation
import Testing

/// A first `due` or `calendar` on a machine asks Canvas whose token it is (to save the answer
/// under that user) beside the planner, not once the planner's answer came: a second round trip
/// before the command could exit.
@Suite(.serialized) struct DueAccountAheadTests {
    @Test(arguments: [["due", "--json"], ["calendar"]])
    func whoseTokenItIsIsAskedWhileThePlannerIsStillOnItsWay(command: [String]) async throws {
        let server = try FakeCanvasServer()
        defer { server.stop() }
        let shell = try CanvasCommandLine(server: server)
        defer { shell.remove() }
        try await server.fault(#"{"match": "/api/v1/planner/items", "kind": "hold", "count": 1, "seconds": 60}"#)
        let output = shell.directory.appendingPathComponent("command.out")
        // The planner's request may wait as long as the test does: on a loaded machine the profile
        // can take most of the test's patience to be seen, and must still find the planner held.
        let running = try AppCommand.start(command + shell.arguments + ["--request-timeout", "120"], environment: shell.environment, output: output)
        try await eventually("the profile asked while the planner is held") {
            try await server.requests().contains { $0.path == "/api/v1/users/self" }
        }
        let planner = try await server.requests().filter { $0.path.hasPrefix("/api/v1/planner/items") }
        #expect(planner.count == 1, "the planner is asked once, and held")
        try await server.control("DELETE", "/__control/faults")
        try await AppCommand.waitUntilGone(running)
        let printed = try String(contentsOf: output, encoding: .utf8)
        #expect(printed.contains(command == ["calendar"] ? "BEGIN:VCALENDAR" : "\"title\""), "it printed what it read: \(printed.prefix(300))")
        let profiles = try await server.requests().filter { $0.path == "/api/v1/users/self" }
        #expect(profiles.count == 1, "whose token it is is asked once")
    }
}
