import Foundation
import Testing
@testable import CourseBrowser
import CourseKit
import TerminalUI
import TestSupport

/// `s` in the Course pane: pick an assignment that takes files, then the files, checked before anything is queued.
@MainActor
struct CourseDetailSubmitTests {
    static let now = Fixtures.start
    /// When the exercise is due, as the user's clock reads it.
    static let dueOfExercise = DateText.due(now + 2 * 86_400, now: now)
    static let draft = Assignment(
        id: "11", name: "Bài tập 2: Đồ thị", dueAt: now + 2 * 86_400, submissionTypes: ["online_upload"], allowedExtensions: ["pdf", "docx"],
        submission: .init(state: .unsubmitted)
    )
    static let late = Assignment(
        id: "12", name: "Lab 1", dueAt: now - 2 * 86_400, submissionTypes: ["online_upload"], submission: .init(state: .unsubmitted)
    )
    static let locked = Assignment(
        id: "13", name: "Final project", dueAt: now + 20 * 86_400, submissionTypes: ["online_upload"], isLocked: true,
        lockExplanation: "This assignment is locked until Lab 1 is graded."
    )
    static let onPaper = Assignment(id: "14", name: "Poster", submissionTypes: ["on_paper"])

    let queued = Recorder<String>()
    /// One entry per time the pane asked for the assignments.
    let reads = Recorder<Int>()
    let listener = Shared<AsyncStream<UploadChange>.Continuation?>(nil)

    func opened(_ assignments: [Assignment] = [draft, late, locked, onPaper]) async -> CourseDetailPane {
        var environment = Fixtures.environment()
        let reads = reads
        environment.courseClient.assignments = { _, _ in
            reads.append(1)
            return assignments
        }
        let queued = queued
        let now = Self.now
        environment.uploadQueue.enqueueSubmission = { files, course, assignment in
            queued.append("\(course) \(assignment.id) " + files.map(\.path).joined(separator: " "))
            let files = files.map { QueuedFile(name: $0.lastPathComponent, sourcePath: $0.path, size: 10) }
            return UploadJob(id: "job-1", courseID: course, files: files, submission: .init(assignmentID: assignment.id, assignmentName: assignment.name),
                             backend: "offline", queuedAt: now)
        }
        let listener = listener
        environment.uploadQueue.updates = {
            let (stream, continuation) = AsyncStream.makeStream(of: UploadChange.self)
            listener.value = continuation
            return stream
        }
        let pane = CourseDetailPane(environment: environment)
        pane.start()
        pane.update(.show(Fixtures.swift.id))
        await settle { !pane.isAnimating }
        return pane
    }

    func render(_ pane: CourseDetailPane, width: Int = 70) -> [String] {
        pane.lines(width: width, height: 30)
    }

    func type(_ text: String, into pane: CourseDetailPane) {
        for character in text { _ = pane.handle(.character(character)) }
    }

    @Test func sListsOnlyWhatTakesFilesSoonestDueFirstStartsOnWhatIsDueNextAndTypingNarrowsItIgnoringAccents() async {
        let pane = await opened()
        #expect(pane.handle(.character("s")))
        #expect(pane.capturesKeys)
        #expect(Array(render(pane).prefix(5)) == [
            " Submit to:",
            "   Lab 1 · was due 2 days ago",
            " › Bài tập 2: Đồ thị · " + Self.dueOfExercise,
            "   🔒 Final project · locked",
            " type to find · ↑↓ choose · Enter pick · Esc cancel",
        ])
        type("do thi", into: pane)
        #expect(pane.state.handIn?.picker?.matches.map(\.id) == ["11"])
        #expect(render(pane)[1] == " › Bài tập 2: Đồ thị · " + Self.dueOfExercise)
        type("zz", into: pane)
        #expect(render(pane)[1] == "   No assignment matches \"do thizz\"")
        _ = pane.handle(.escape)
        #expect(!pane.capturesKeys)
    }

    @Test func thePickerFindsEveryWordAnywhereAsTheCourseFilterDoes() async {
        let pane = await opened()
        _ = pane.handle(.character("s"))
        type("thi bai", into: pane)
        #expect(pane.state.handIn?.picker?.matches.map(\.id) == ["11"], "words in any order, each anywhere in the name")
    }

    @Test func aLockedAssignmentIsRefusedInThePickerWithItsExplanation() async {
        let pane = await opened()
        _ = pane.handle(.character("s"))
        _ = pane.handle(.down)
        _ = pane.handle(.down)
        _ = pane.handle(.enter)
        #expect(pane.state.handIn?.prompt == nil)
        #expect(render(pane, width: 100).contains(" ❗ Final project is locked: This assignment is locked until Lab 1 is graded."))
    }

    @Test func aFileTypeTheAssignmentRefusesIsSaidInThePromptAndNothingIsQueued() async {
        let pane = await opened()
        _ = pane.handle(.character("s"))
        type("đồ", into: pane)
        _ = pane.handle(.enter)
        let prompt = render(pane)
        #expect(prompt[0] == " Submit to Bài tập 2: Đồ thị:")
        #expect(prompt[1] == " Takes .pdf or .docx · " + Self.dueOfExercise)
        type("/tmp/notes.txt /tmp/essay.pdf", into: pane)
        _ = pane.handle(.enter)
        #expect(render(pane)[2] == " ❗ notes.txt: Bài tập 2: Đồ thị takes only .pdf or .docx files")
        #expect(queued.values.isEmpty)
        #expect(pane.capturesKeys, "the prompt stays open to fix the paths")
    }

    @Test func pastTheDueDateItWarnsAsksThenQueuesEveryFileAsOneSubmission() async {
        let pane = await opened()
        _ = pane.handle(.character("s"))
        _ = pane.handle(.up)
        _ = pane.handle(.enter)
        #expect(render(pane)[1] == " ! Lab 1 was due 2 days ago: this submission will be marked late")
        type(#"/tmp/lab\ 1.py '/tmp/data set.csv'"#, into: pane)
        _ = pane.handle(.enter)
        #expect(render(pane, width: 100)[2] == " Hand in lab 1.py and 1 more to Lab 1 — attempt 1, late by 2 days? y/n")
        #expect(Array(pane.hints.map(\.action).prefix(2)) == ["hand in", "back"], "the hint line offers the answers")
        _ = pane.handle(.enter)
        #expect(queued.values.isEmpty, "a second Enter is no answer")
        _ = pane.handle(.character("y"))
        await settle { pane.state.handIn?.prompt == nil }
        #expect(queued.values == ["101 12 /tmp/lab 1.py /tmp/data set.csv"])
        #expect(render(pane, width: 100)[0] == " Queued 2 files for Lab 1; it is handed in once, when the network allows")
    }

    @Test func whenTheSubmissionIsHandedInThePaneSaysSoAndReadsTheAssignmentsAgain() async throws {
        let pane = await opened()
        #expect(reads.values.count == 1)
        let done = UploadJob(
            id: "job-1", courseID: Fixtures.swift.id, files: [QueuedFile(name: "lab.py", sourcePath: "/tmp/lab.py", size: 10)],
            submission: .init(assignmentID: "12", assignmentName: "Lab 1", receipt: SubmissionAttempt(attempt: 2, submittedAt: Self.now, isLate: true)),
            backend: "offline", queuedAt: Self.now, state: .done
        )
        var elsewhere = done
        elsewhere.id = "job-2"
        elsewhere.courseID = CourseID(999)
        let continuation = try #require(listener.value)
        // Changes arrive in order: by the time the second is shown, the first was heard and passed over.
        continuation.yield(.updated(elsewhere))
        continuation.yield(.updated(done))
        await settle { pane.lines(width: 70, height: 30)[0].contains("Lab 1") && reads.values.count >= 2 }
        #expect(render(pane)[0] == " Handed in lab.py to Lab 1: attempt 2, " + DateText.short(Self.now, now: Self.now) + ", late")
        for _ in 0..<100 { await Task.yield() }
        #expect(reads.values.count == 2, "the assignments are read again once, for this course's submission only")
    }

    @Test func withNothingToHandInSSaysWhyInsteadOfOpening() async {
        let pane = await opened([Self.onPaper])
        _ = pane.handle(.character("s"))
        #expect(pane.state.handIn?.picker == nil)
        #expect(render(pane)[0] == " No assignment in this course takes files, a text or a link")
        #expect(!pane.hints.contains { $0.key == "s" }, "the hint line offers s only where it can be used")
    }
}
