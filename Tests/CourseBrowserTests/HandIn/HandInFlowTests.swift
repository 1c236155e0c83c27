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
        try HandInFlow.handIn(to: Self.course, assignments: loaded([Self.poster, Self.lab]), isFresh: true, home: "/home/an").get()
    }

    func type(_ text: String, into flow: inout HandInFlow) {
        for character in text { #expect(flow.update(.key(.character(character))).isEmpty) }
    }

    @Test func itRefusesToStartWithoutAssignmentsThatTakeFiles() {
        #expect(throws: HandInFlow.Refusal("The assignments are still loading; press s again once they are shown")) {
            try HandInFlow.handIn(to: Self.course, assignments: LoadState(), isFresh: true, home: "/").get()
        }
        #expect(throws: HandInFlow.Refusal("No assignment in this course takes file uploads")) {
            try HandInFlow.handIn(to: Self.course, assignments: loaded([Self.poster]), isFresh: true, home: "/").get()
        }
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
        #expect(flow.prompt?.problem == "Queued a; disk full")
        #expect(flow.prompt?.editor.text == "/b")
    }

    @Test func escCancelsWithoutANotice() throws {
        var flow = try flow()
        #expect(flow.update(.key(.escape)) == [.close(nil)])
    }

    @Test func ctrlNAndCtrlPChooseInThePicker() throws {
        let other = Assignment(id: "3", name: "Quiz", dueAt: Self.now + 7_200, submissionTypes: ["online_upload"])
        var flow = try HandInFlow.handIn(to: Self.course, assignments: loaded([Self.lab, other]), isFresh: true, home: "/").get()
        _ = flow.update(.key(.control("n")))
        #expect(flow.picker?.selected == other)
        _ = flow.update(.key(.control("p")))
        #expect(flow.picker?.selected == Self.lab)
    }
}
