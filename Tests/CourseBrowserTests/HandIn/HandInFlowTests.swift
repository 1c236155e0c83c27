import Foundation
import Testing
@testable import CourseBrowser
import CourseKit
import TerminalUI

/// The hand-in flow on its own: picker, prompt, queueing, outcome.
struct HandInFlowTests {
    static let now = Fixtures.start
    static let course = CourseID(5)
    static let lab = Assignment(id: "1", name: "Lab", dueAt: now + 3_600, submissionTypes: ["online_upload"])
    static let poster = Assignment(id: "2", name: "Poster", submissionTypes: ["on_paper"])

    func loaded(_ assignments: [Assignment]) -> LoadState<[Assignment]> {
        var state = LoadState<[Assignment]>()
        state.apply(.finished(.success(assignments)))
        return state
    }

    func flow() throws -> HandInFlow {
        try #require(HandInFlow.handIn(to: Self.course, assignments: loaded([Self.poster, Self.lab]), isFresh: true, home: "/home/an"))
    }

    func type(_ text: String, into flow: inout HandInFlow) {
        for character in text { #expect(flow.update(.key(.character(character))).isEmpty) }
    }

    @Test func itRefusesToStartWithoutAssignmentsThatTakeFilesAndSaysWhy() {
        var failed = LoadState<[Assignment]>()
        failed.apply(.finished(.failure(CourseClient.Failure(userMessage: "timed out"))))
        let refusals: [(LoadState<[Assignment]>, Availability)] = [
            (LoadState(), .disabled("The assignments are still loading; press s again once they are shown")),
            (failed, .disabled("Couldn't load the assignments (timed out); press r to retry", isProblem: true)),
            (loaded([Self.poster]), .disabled("No assignment in this course takes file uploads", isProblem: true)),
        ]
        for (assignments, refusal) in refusals {
            #expect(HandInFlow.availability(with: assignments) == refusal)
            #expect(HandInFlow.handIn(to: Self.course, assignments: assignments, isFresh: true, home: "/") == nil)
        }
        #expect(HandInFlow.availability(with: loaded([Self.poster, Self.lab])) == .enabled)
    }

    @Test func pickThenTypeThenQueueThenCloseSayingWhatWasQueued() throws {
        var flow = try flow()
        #expect(flow.picker?.assignments == [Self.lab], "only what takes files")
        #expect(flow.keys.compactMap(\.row.hint).map(\.action) == ["choose", "pick", "cancel"])
        #expect(flow.update(.key(.enter)).isEmpty)
        #expect(flow.prompt?.target == .assignment(Self.lab))
        #expect(flow.keys.compactMap(\.row.hint).map(\.action) == ["complete", "queue", "cancel"])
        type("~/lab.py", into: &flow)
        #expect(flow.update(.key(.enter)) == [.queue([LocalPath("/home/an/lab.py")], course: Self.course, target: .assignment(Self.lab))])
        let job = UploadJob(id: "j", courseID: Self.course, fileName: "lab.py", sourcePath: "/home/an/lab.py", size: 1, backend: "offline", queuedAt: Self.now)
        #expect(flow.update(.queued(QueueingOutcome(jobs: [job]))) == [
            .close(Notice(text: "Queued lab.py for Lab; it is handed in once, when the network allows")),
        ])
    }

    @Test func aFailedQueueingKeepsThePromptOpenWithWhatIsLeft() throws {
        var flow = HandInFlow.upload(to: Self.course, home: "/")
        type("/a /b", into: &flow)
        #expect(flow.update(.key(.enter)) == [.queue([LocalPath("/a"), LocalPath("/b")], course: Self.course, target: .courseFiles)])
        let job = UploadJob(id: "j", courseID: Self.course, fileName: "a", sourcePath: "/a", size: 1, backend: "offline", queuedAt: Self.now)
        #expect(flow.update(.queued(QueueingOutcome(jobs: [job], failure: ("disk full", [LocalPath("/b")])))).isEmpty)
        #expect(flow.prompt?.queued == "Queued a", "what was queued, said first, as a success")
        #expect(flow.prompt?.problem == "Not queued: disk full")
        #expect(flow.prompt?.editor.text == "/b")
    }

    @Test func escCancelsWithoutANotice() throws {
        var flow = try flow()
        #expect(flow.update(.key(.escape)) == [.close(nil)])
    }

    @Test func ctrlNAndCtrlPChooseInThePicker() throws {
        let other = Assignment(id: "3", name: "Quiz", dueAt: Self.now + 7_200, submissionTypes: ["online_upload"])
        var flow = try #require(HandInFlow.handIn(to: Self.course, assignments: loaded([Self.lab, other]), isFresh: true, home: "/"))
        _ = flow.update(.key(.control("n")))
        #expect(flow.picker?.selected == other)
        _ = flow.update(.key(.control("p")))
        #expect(flow.picker?.selected == Self.lab)
    }
}
