import Foundation
import Testing
@testable import Canvas
import CourseKit
import HTTP
import TestSupport
import UploadQueue

/// `PlannerWriteTransport.canvas`: a done mark set through the item's one planner override,
/// created where the item has none and found again where Canvas says it has one already.
struct CanvasPlannerMarkTests {
    let http = ScriptedHTTP()
    let events = EventSpy()

    static let override = #"{"id": 77, "plannable_type": "assignment", "plannable_id": 2001, "user_id": 1, "workflow_state": "active", "marked_complete": true, "dismissed": false}"#
    static let taken = #"{"errors": {"plannable_id": [{"attribute": "plannable_id", "type": "taken", "message": "taken"}]}}"#

    private func transport() throws -> PlannerWriteTransport {
        .canvas(CanvasConnection(baseURL: try #require(URL(string: "https://school.example")), credentials: .test("s3cret"),
                                 http: http.client, clock: .fixed(Date(timeIntervalSince1970: 1_000_000)), analytics: events.analytics))
    }

    func mark(done: Bool = true, override: String? = nil, dismissed: Bool = false) -> UploadJob.PlannerMark {
        UploadJob.PlannerMark(itemID: "assignment:2001", title: "Essay", isDone: done, overrideID: override, isDismissed: dismissed)
    }

    @Test func anItemWithoutAnOverrideGetsOneMadeOnce() async throws {
        http.on("POST", "/api/v1/planner/overrides", .text(Self.override, status: 201))
        #expect(try await transport().setDone(mark()) == "77")
        let sent = try #require(http.requests.first)
        #expect(sent.request.isSentAtMostOnce, "libcurl never repeats it; a repeat finds the override instead")
        let fields = Dictionary(formFields(sent.request.body), uniquingKeysWith: { first, _ in first })
        #expect(fields == ["plannable_type": "assignment", "plannable_id": "2001", "marked_complete": "true", "dismissed": "false"])
    }

    @Test func aKnownOverrideIsUpdatedWithBothFlags() async throws {
        http.on("PUT", "/api/v1/planner/overrides/77", .text(Self.override))
        #expect(try await transport().setDone(mark(done: false, override: "77", dismissed: true)) == "77")
        let sent = try #require(http.requests.first)
        #expect(sent.request.method == "PUT")
        #expect(formFields(sent.request.body).map { "\($0)=\($1)" } == ["marked_complete=false", "dismissed=true"], "one left out would become false")
    }

    @Test func anOverrideCanvasAlreadyHasIsFoundAndUpdated() async throws {
        http.on("POST", "/api/v1/planner/overrides", .text(Self.taken, status: 400))
        let listed = #"[{"id": 12, "plannable_type": "quiz", "plannable_id": 2001, "marked_complete": false, "dismissed": false},"#
            + #"{"id": 77, "plannable_type": "assignment", "plannable_id": 2001, "marked_complete": false, "dismissed": true}]"#
        http.on("GET", "/api/v1/planner/overrides", .text(listed))
        http.on("PUT", "/api/v1/planner/overrides/77", .text(Self.override))
        #expect(try await transport().setDone(mark()) == "77")
        #expect(http.requests.map(\.request.method) == ["POST", "GET", "PUT"])
        let put = try #require(http.requests.last)
        #expect(formFields(put.request.body).map { "\($0)=\($1)" } == ["marked_complete=true", "dismissed=true"], "the item stays dismissed as it was")
    }

    @Test func anOverrideCanvasHoldsButNoLongerListsIsRefusedForGood() async throws {
        http.on("POST", "/api/v1/planner/overrides", .text(Self.taken, status: 400))
        http.on("GET", "/api/v1/planner/overrides", .text("[]"))
        await #expect(throws: CanvasError.self) { try await transport().setDone(mark()) }
        do {
            _ = try await transport().setDone(mark())
        } catch {
            #expect(!UploadFailure.isTransient(error), "sending again can't help")
            #expect(userMessage(for: error).contains("Essay"))
        }
    }

    @Test func anotherRefusalIsCanvassOwn() async throws {
        http.on("POST", "/api/v1/planner/overrides", .text(#"{"errors": [{"message": "The specified resource does not exist."}]}"#, status: 404))
        await #expect(throws: CanvasError.self) { try await transport().setDone(mark()) }
        #expect(http.requests.count == 1)
    }
}
