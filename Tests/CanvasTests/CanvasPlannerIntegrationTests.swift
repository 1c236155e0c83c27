import Foundation
import Testing
@testable import Canvas
import CourseKit
import FakeCanvasKit
import HTTP
import TestSupport

/// `PlannerClient.canvas` over real sockets against the loopback fake Canvas, two rows to a page.
@Suite(.timeLimit(.minutes(3)))
struct CanvasPlannerIntegrationTests {
    private func planner(_ server: FakeCanvasServer) -> PlannerClient {
        .canvas(CanvasConnection(baseURL: server.baseURL, credentials: .test(server.token), http: .curl(HTTPEngine()), clock: .live, analytics: .noOp))
    }

    private var range: (Date, Date) {
        let now = Date()
        return (now.addingTimeInterval(-14 * 86_400), now.addingTimeInterval(28 * 86_400))
    }

    @Test func everyPageIsReadAndEveryShapeDecoded() async throws {
        let server = try FakeCanvasServer(arguments: ["--courses", "3", "--per-page-max", "2"])
        defer { server.stop() }
        let (start, end) = range
        let items = try await planner(server).items(start, end, .ignored)
        #expect(items.map(\.date) == items.map(\.date).sorted())
        #expect(items.count > 4, "more than two pages of two")
        let kinds = items.map(\.kind)
        for kind: PlannerItem.Kind in [.assignment, .announcement, .calendarEvent, .plannerNote] {
            #expect(kinds.contains(kind))
        }
        let note = try #require(items.first { $0.kind == .plannerNote })
        #expect(note.courseID == nil)
        let event = try #require(items.first { $0.kind == .calendarEvent })
        #expect(event.isAllDay)
        let assignment = try #require(items.first { $0.kind == .assignment })
        #expect(assignment.contextName?.isEmpty == false)
        #expect(assignment.status != nil)
        #expect(assignment.htmlURL?.host == server.baseURL.host)
        #expect(assignment.htmlURL?.path.hasPrefix("/courses/") == true)
    }

    @Test func aTypeNoClientKnowsIsKept() async throws {
        let server = try FakeCanvasServer(arguments: ["--courses", "3"])
        defer { server.stop() }
        try await server.configure(#"{"planner_unknown_type": true}"#)
        let (start, end) = range
        let items = try await planner(server).items(start, end, .ignored)
        #expect(items.contains { $0.kind == .other("hologram_lecture") && $0.title == "Virtual visit" })
    }
}
