import Foundation
import Testing
@testable import CourseBrowser
import CourseKit
import TerminalUI
import TestSupport

/// The Due pane's keys as effects, without any client.
struct DueStateKeyTests {
    let now = Fixtures.start

    /// A state with the week loaded and `title` selected.
    func state(selecting title: String, takesContent: Bool = false) -> DueState {
        var state = DueState(home: "/home/an", takesContent: takesContent)
        _ = state.update(.resize(PaneSize(width: 80, height: 12, glyphs: .unicode)), now: now)
        _ = state.update(.start, now: now)
        _ = state.update(.planner(.started(at: now, keepingValue: false)), now: now)
        _ = state.update(.planner(.finished(.success(PlannerFixtures.week))), now: now)
        while state.selectedItem?.title != title, state.selection != state.groups.items.count - 1 {
            _ = state.update(.key(.down), now: now)
        }
        return state
    }

    @Test func enterOpensTheCourseWithTheAssignment() {
        var state = state(selecting: "Lab 3: closures")
        #expect(state.update(.key(.enter), now: now) == [.open(Fixtures.swift.id, focus: .assignment("5003"))])
    }

    @Test func enterOnADiscussionOpensItsCourseOnTheDiscussionGradedOrNot() {
        let graded = PlannerItem(
            id: "discussion_topic:71", kind: .discussionTopic, title: "Reflection post", courseID: Fixtures.swift.id,
            date: now.addingTimeInterval(3_600), assignmentID: "9"
        )
        var ungraded = graded
        ungraded.id = "discussion_topic:72"
        ungraded.title = "Introduce yourself"
        ungraded.assignmentID = nil
        for (item, topic) in [(graded, "71"), (ungraded, "72")] {
            var state = DueState(home: "/home/an")
            _ = state.update(.resize(PaneSize(width: 80, height: 12, glyphs: .unicode)), now: now)
            _ = state.update(.planner(.finished(.success([item]))), now: now)
            _ = state.update(.key(.down), now: now)
            #expect(state.update(.key(.enter), now: now) == [.open(Fixtures.swift.id, focus: .discussion(topic))])
        }
    }

    @Test func enterOnANoteOfOnesOwnSaysWhyNot() {
        var state = state(selecting: "Buy lab goggles")
        #expect(state.update(.key(.enter), now: now).isEmpty)
        #expect(state.notice?.text == "Buy lab goggles belongs to no course")
    }

    @Test func sLoadsTheCoursesAssignmentsThenOpensTheFilePromptOnThatOne() {
        var state = state(selecting: "Lab 3: closures")
        #expect(state.update(.key(.character("s")), now: now) == [.loadAssignments(Fixtures.swift.id)])
        let lab = Assignment(id: "5003", name: "Lab 3: closures", submissionTypes: ["online_upload"])
        let other = Assignment(id: "5009", name: "Other", submissionTypes: ["online_upload"])
        _ = state.update(.assignments(.started(at: now, keepingValue: false)), now: now)
        _ = state.update(.assignments(.finished(.success([other, lab]))), now: now)
        #expect(state.handIn?.prompt?.target == .assignment(lab))
        #expect(state.isTyping)
        let effects = state.update(.key(.escape), now: now)
        #expect(effects.isEmpty && state.handIn == nil, "Esc closes the flow")
    }

    @Test func sOnAnAssignmentThatTakesNoFilesSaysWhyAsTheFlowDoes() {
        var state = state(selecting: "Lab 3: closures")
        _ = state.update(.key(.character("s")), now: now)
        let paper = Assignment(id: "5003", name: "Lab 3: closures", submissionTypes: ["on_paper"])
        _ = state.update(.assignments(.finished(.success([paper]))), now: now)
        #expect(state.handIn == nil)
        #expect(state.notice == Notice(text: paper.uploadRefusal() ?? "", isProblem: true))
    }

    @Test func sOnATextEntryOpensTheEditorWhereTheBackendTakesTextsAndSaysWhyNotWhereItDoesnt() {
        let essay = Assignment(id: "5003", name: "Lab 3: closures", submissionTypes: ["online_text_entry"])
        var state = state(selecting: "Lab 3: closures", takesContent: true)
        _ = state.update(.key(.character("s")), now: now)
        #expect(state.update(.assignments(.finished(.success([essay]))), now: now) == [.handIn(.write(essay, course: Fixtures.swift.id))])
        #expect(state.isTyping, "the pane's keys wait for the text")
        var filesOnly = self.state(selecting: "Lab 3: closures")
        _ = filesOnly.update(.key(.character("s")), now: now)
        #expect(filesOnly.update(.assignments(.finished(.success([essay]))), now: now).isEmpty)
        #expect(filesOnly.handIn == nil)
        #expect(filesOnly.notice == Notice(text: "Lab 3: closures takes no file uploads (it takes: online text entry)", isProblem: true))
    }

    @Test func sWhenTheAssignmentsFailSaysSoAndLeavesThePromptClosed() {
        var state = state(selecting: "Lab 3: closures")
        _ = state.update(.key(.character("s")), now: now)
        _ = state.update(.assignments(.finished(.failure(CourseClient.Failure(userMessage: "timed out")))), now: now)
        #expect(state.handIn == nil)
        #expect(state.notice?.isProblem == true)
        #expect(state.notice?.text.contains("timed out") == true)
    }

    @Test func oAndYOpenAndCopyTheItemsAddress() throws {
        var state = state(selecting: "Lab 3: closures")
        let url = try #require(URL(string: "https://school.test/courses/101/assignments/5003"))
        #expect(state.update(.key(.character("o")), now: now) == [.openInBrowser(WebPage(title: "Lab 3: closures", url: url))])
        #expect(state.update(.key(.character("y")), now: now) == [.copyToClipboard(url.absoluteString)])
        #expect(state.notice?.text == "Copied the address of Lab 3: closures")
    }

    @Test func rRetriesOnlyAfterAFailure() {
        var state = DueState()
        _ = state.update(.planner(.started(at: now, keepingValue: false)), now: now)
        _ = state.update(.planner(.finished(.failure(CourseClient.Failure(userMessage: "offline")))), now: now)
        #expect(state.update(.key(.character("r")), now: now) == [.reload(keepingValue: false), .track(.retryPressed(pane: "due"))])
        var loaded = self.state(selecting: "Quiz prep")
        #expect(loaded.update(.key(.character("r")), now: now).isEmpty)
        #expect(loaded.notice?.text == "Nothing failed to load")
    }

    @Test func aHandInFromThePaneReadsThePlannerAgainOnceItIsIn() {
        var state = state(selecting: "Lab 3: closures")
        let job = UploadJob(
            id: "job-1", courseID: Fixtures.swift.id, files: [QueuedFile(name: "lab.py", sourcePath: "/tmp/lab.py", size: 10)],
            submission: .init(assignmentID: "5003", assignmentName: "Lab 3: closures"), backend: "offline", queuedAt: now
        )
        var finished = job
        finished.state = .done
        _ = state.update(.handInAnswered(.queued(QueueingOutcome(jobs: [job]))), now: now)
        #expect(state.update(.uploadChanged(.updated(finished)), now: now) == [.reload(keepingValue: true)])
        #expect(state.notice?.text.hasPrefix("Handed in lab.py to Lab 3: closures") == true)
    }

    @Test func aHandInFromElsewhereToAListedItemReadsThePlannerAgainWithoutANotice() {
        var state = state(selecting: "Lab 3: closures")
        func job(_ assignment: String, _ jobState: UploadJob.State) -> UploadJob {
            var job = UploadJob(
                id: "job-\(assignment)", courseID: Fixtures.swift.id, files: [QueuedFile(name: "lab.py", sourcePath: "/tmp/lab.py", size: 10)],
                submission: .init(assignmentID: assignment, assignmentName: "Lab"), backend: "offline", queuedAt: now
            )
            job.state = jobState
            return job
        }
        #expect(state.update(.uploadChanged(.updated(job("5003", .uploading))), now: now).isEmpty, "not in yet")
        #expect(state.update(.uploadChanged(.updated(job("9999", .done))), now: now).isEmpty, "not an item the pane lists")
        #expect(state.update(.uploadChanged(.updated(job("5003", .done))), now: now) == [.reload(keepingValue: true)])
        #expect(state.notice == nil, "the pane it was handed in from says so")
    }
}
