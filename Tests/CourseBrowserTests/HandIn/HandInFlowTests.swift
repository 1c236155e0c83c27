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
        #expect(flow.keys.compactMap(\.row.hint).map(\.action) == ["complete", "next", "cancel"], "Enter asks before a hand-in")
        type("~/lab.py", into: &flow)
        #expect(flow.update(.key(.enter)).isEmpty, "it asks first")
        #expect(flow.confirming == [LocalPath("/home/an/lab.py")])
        #expect(flow.update(.key(.character("y"))) == [.queue([LocalPath("/home/an/lab.py")], course: Self.course, target: .assignment(Self.lab))])
        #expect(flow.prompt?.isQueuing == true)
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

    @Test func beforeAHandInItAsksWhatWillHappenAndNoOrEscGoesBackWithTheFilesStillTyped() throws {
        var flow = try flow()
        _ = flow.update(.key(.enter))
        type("~/lab.py ~/data.csv", into: &flow)
        #expect(flow.update(.key(.enter)).isEmpty)
        let lines = flow.lines(width: 80, glyphs: .unicode, now: Self.now).map(\.text)
        #expect(lines.first?.hasPrefix("Submit to Lab: ~/lab.py ~/data.csv") == true)
        #expect(Array(lines.dropFirst()) == [
            "Takes any file · due in 1 h",
            "Hand in lab.py and 1 more to Lab? y/n",
        ])
        #expect(flow.keys.compactMap(\.row.hint).map(\.action) == ["hand in", "back"])
        for key in [Key.enter, .character("x"), .tab] {
            #expect(flow.update(.key(key)).isEmpty, "\(key) neither queues nor goes back")
            #expect(flow.confirming != nil)
        }
        for answer in [Key.character("n"), .escape] {
            #expect(flow.update(.key(answer)).isEmpty, "\(answer) queues nothing and closes nothing")
            #expect(flow.confirming == nil)
            #expect(flow.prompt?.editor.text == "~/lab.py ~/data.csv", "nothing typed is lost")
            #expect(flow.prompt?.isQueuing == false)
            #expect(flow.update(.key(.enter)).isEmpty)
        }
        #expect(flow.update(.key(.character("y"))) == [
            .queue([LocalPath("/home/an/lab.py"), LocalPath("/home/an/data.csv")], course: Self.course, target: .assignment(Self.lab)),
        ])
    }

    @Test func theQuestionSaysTheAttemptHowLateAndThatItReplacesWhatTheTeacherSees() throws {
        let handedIn = Assignment(
            id: "4", name: "Project Draft", dueAt: Self.now - 3 * 3_600 - 60, submissionTypes: ["online_upload"],
            submission: .init(state: .submitted, submittedAt: Self.now - 86_400, attempt: 1)
        )
        var (flow, opening) = HandInFlow.handIn(to: Self.course, picked: handedIn, home: "/home/an")
        #expect(opening.isEmpty, "files are typed, nothing opened")
        type("essay.pdf", into: &flow)
        _ = flow.update(.key(.enter))
        let lines = flow.lines(width: 60, glyphs: .unicode, now: Self.now).map(\.text)
        #expect(Array(lines.suffix(2)) == [
            "Hand in essay.pdf to Project Draft — attempt 2, late by 3 h,",
            "replaces what the teacher sees? y/n",
        ], "wrapped, so y/n is never cut off")
    }

    @Test func filesForTheCoursesFilesAreQueuedWithoutAQuestion() {
        var flow = HandInFlow.upload(to: Self.course, home: "/")
        type("/a", into: &flow)
        #expect(flow.update(.key(.enter)) == [.queue([LocalPath("/a")], course: Self.course, target: .courseFiles)])
        #expect(flow.prompt?.isQueuing == true)
    }

    @Test func openedWithAClockThePickerStartsOnWhatIsDueNext() throws {
        let done = Assignment(id: "5", name: "Done", dueAt: Self.now - 86_400, submissionTypes: ["online_upload"],
                              submission: .init(state: .graded, submittedAt: Self.now - 2 * 86_400, attempt: 1))
        let next = Assignment(id: "6", name: "Next", dueAt: Self.now + 86_400, submissionTypes: ["online_upload"], submission: .init(state: .unsubmitted))
        let flow = try #require(HandInFlow.handIn(to: Self.course, assignments: loaded([next, done]), isFresh: true, home: "/", now: Self.now))
        #expect(flow.picker?.assignments.first == done, "the list keeps its order")
        #expect(flow.picker?.selected == next)
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
