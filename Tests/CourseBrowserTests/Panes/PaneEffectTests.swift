import Foundation
import Testing
@testable import CourseBrowser
import CourseKit
import TerminalUI

/// Keys in, effects out: the panes' decisions, tested on their state values without any client.
struct PaneEffectTests {
    static let now = Fixtures.start
    static let size = PaneSize(width: 60, height: 20, glyphs: .unicode)
    static let linked = Course(id: CourseID(7), name: "Đại số", code: "MATH", htmlURL: URL(string: "https://school.example/courses/7"))
    static let essay = Assignment(id: "3", name: "Essay", dueAt: now + 86_400, submissionTypes: ["online_upload"])

    func courseList() -> CourseListState {
        var state = CourseListState(scope: .current)
        _ = state.update(.resize(Self.size), now: Self.now)
        #expect(state.update(.start, now: Self.now) == [.restoreSavedCopy(.current), .fetch(.current, from: nil)])
        _ = state.update(.page(.current, .started(at: Self.now, keepingValue: false)), now: Self.now)
        _ = state.update(.page(.current, .finished(.success(Page(items: [Self.linked])))), now: Self.now)
        return state
    }

    func course(assignments: [Assignment] = [essay]) -> CourseDetailState {
        var state = CourseDetailState(home: "/home/an")
        _ = state.update(.resize(Self.size), now: Self.now)
        _ = state.update(.show(Self.linked.id), now: Self.now)
        _ = state.update(.loaded(\.overview, .finished(.success(Self.linked))), now: Self.now)
        _ = state.update(.loaded(\.assignments, .finished(.success(assignments))), now: Self.now)
        return state
    }

    @Test func enterInCoursesAsksTheHostToOpenTheCourse() {
        var state = courseList()
        #expect(state.update(.key(.enter), now: Self.now) == [.open(Self.linked.id)])
    }

    @Test func vShowsTheNextViewSavesItAndLoadsIt() {
        var state = courseList()
        #expect(state.update(.key(.character("v")), now: Self.now) == [
            .saveSettings(Settings(courseScope: .favorites)),
            .track(AnalyticsEvent(name: "course_view_shown", properties: ["view": "favorites"])),
            .restoreSavedCopy(.favorites), .fetch(.favorites, from: nil),
        ])
    }

    @Test func oAndYInCoursesOpenAndCopyTheCoursesAddress() {
        var state = courseList()
        #expect(state.update(.key(.character("o")), now: Self.now) == [.openInBrowser(WebPage(title: "Đại số", url: Self.linked.htmlURL))])
        #expect(state.update(.key(.character("y")), now: Self.now) == [.copyToClipboard("https://school.example/courses/7")])
        #expect(state.notice?.text == "Copied the address of Đại số")
    }

    @Test func rInCoursesRetriesFromThePageThatFailedAndOnlyThen() {
        var state = courseList()
        #expect(state.update(.key(.character("r")), now: Self.now).isEmpty)
        #expect(state.notice == Notice(text: "Nothing failed to load", isNote: true))
        _ = state.update(.key(.character("v")), now: Self.now)
        _ = state.update(.page(.favorites, .finished(.failure(CourseClient.Failure(userMessage: "timed out")))), now: Self.now)
        #expect(state.update(.key(.character("r")), now: Self.now) == [.track(.retryPressed(pane: "courses")), .fetch(.favorites, from: nil)])
    }

    @Test func sOpensThePickerAndEnterThenTheFilesAndYQueueOneSubmission() {
        var state = course()
        #expect(state.update(.key(.character("s")), now: Self.now).isEmpty)
        #expect(state.handIn?.picker?.assignments == [Self.essay])
        _ = state.update(.key(.enter), now: Self.now)
        for character in "~/essay.pdf" { _ = state.update(.key(.character(character)), now: Self.now) }
        #expect(state.update(.key(.enter), now: Self.now).isEmpty, "it asks first")
        #expect(state.update(.key(.character("y")), now: Self.now) == [
            .handIn(.queue([LocalPath("/home/an/essay.pdf")], course: Self.linked.id, target: .assignment(Self.essay))),
        ])
    }

    @Test func uOpensThePromptForTheCoursesFiles() {
        var state = course()
        _ = state.update(.key(.character("u")), now: Self.now)
        #expect(state.handIn?.prompt?.target == .courseFiles)
        _ = state.update(.key(.character("a")), now: Self.now)
        #expect(state.update(.key(.enter), now: Self.now) == [.handIn(.queue([LocalPath("a")], course: Self.linked.id, target: .courseFiles))])
    }

    @Test func sWithNothingThatTakesFilesSaysWhyAndOpensNothing() {
        var state = course(assignments: [])
        #expect(state.update(.key(.character("s")), now: Self.now).isEmpty)
        #expect(state.handIn == nil)
        #expect(state.notice == Notice(text: "No assignment in this course takes files, a text or a link", isProblem: true), "drawn as a problem, not a note")
    }

    @Test func sWhileTheAssignmentsFailedSaysSoAsAProblemAndWhileTheyLoadAsANote() {
        var state = course()
        _ = state.update(.loaded(\.assignments, .finished(.failure(CourseClient.Failure(userMessage: "timed out")))), now: Self.now)
        _ = state.update(.key(.character("s")), now: Self.now)
        #expect(state.notice == Notice(text: "Couldn't load the assignments (timed out); press r to retry", isProblem: true))
        _ = state.update(.loaded(\.assignments, .started(at: Self.now, keepingValue: false)), now: Self.now)
        _ = state.update(.key(.character("s")), now: Self.now)
        #expect(state.notice == Notice(text: "The assignments are still loading; press s again once they are shown", isNote: true))
    }

    @Test func oAndYInTheCourseActOnTheCourseUntilAnItemIsSelected() {
        var state = course()
        #expect(state.update(.key(.character("o")), now: Self.now) == [.openInBrowser(WebPage(title: "Đại số", url: Self.linked.htmlURL))])
        #expect(state.update(.key(.character("y")), now: Self.now) == [.copyToClipboard("https://school.example/courses/7")])
    }

    @Test func rInTheCourseReloadsOnlyTheSectionsThatFailed() {
        var state = course()
        _ = state.update(.loaded(\.modules, .finished(.failure(CourseClient.Failure(userMessage: "timed out")))), now: Self.now)
        #expect(state.update(.key(.character("r")), now: Self.now) == [.reload(.modules, keepingValue: false), .track(.retryPressed(pane: "course"))])
    }

    @Test func spacePagesTheCourseDown() {
        var state = course()
        _ = state.update(.resize(PaneSize(width: 60, height: 3, glyphs: .unicode)), now: Self.now)
        _ = state.update(.key(.character(" ")), now: Self.now)
        #expect(state.scroll == 3)
    }

    func uploads(_ jobs: [UploadJob]) -> UploadsState {
        var state = UploadsState()
        _ = state.update(.resize(Self.size), now: Self.now)
        #expect(state.update(.start, now: Self.now) == [.loadQueue, .checkWritable])
        _ = state.update(.queue(.finished(.success(jobs))), now: Self.now)
        return state
    }

    func job(_ id: String, _ state: UploadJob.State) -> UploadJob {
        UploadJob(id: id, courseID: CourseID(1), fileName: id, sourcePath: "/tmp/\(id)", size: 1, backend: "offline", queuedAt: Self.now, state: state)
    }

    @Test func rAndRInUploadsRetryTheSelectedJobAndEveryFailedOne() {
        var state = uploads([job("a", .failed(reason: "x")), job("b", .queued)])
        #expect(state.update(.key(.character("r")), now: Self.now) == [.act(.retry("a")), .track(.retryPressed(pane: "uploads"))])
        #expect(state.update(.key(.character("R")), now: Self.now) == [.act(.retryAll)])
    }

    @Test func dAsksAndOnlyYRemoves() {
        var state = uploads([job("a", .queued)])
        #expect(state.update(.key(.delete), now: Self.now).isEmpty)
        #expect(state.keys.compactMap(\.row.hint) == [KeyHint(key: "y", action: "remove"), KeyHint(key: "n", action: "keep")])
        #expect(state.update(.key(.character("x")), now: Self.now).isEmpty, "any other key keeps it")
        _ = state.update(.key(.character("d")), now: Self.now)
        #expect(state.update(.key(.character("y")), now: Self.now) == [.act(.remove("a"))])
    }

    @Test func uploadsFollowProgressFromTheFirstJobUnderWayToTheLast() {
        var state = uploads([job("a", .queued), job("b", .queued)])
        #expect(state.update(.changed(.updated(job("a", .uploading))), now: Self.now) == [.followProgress])
        #expect(state.update(.changed(.updated(job("b", .uploading))), now: Self.now).isEmpty, "already followed")
        _ = state.update(.progress(["a": UploadProgress(sentBytes: 1, startedAt: Self.now)]), now: Self.now)
        #expect(state.update(.changed(.updated(job("a", .done))), now: Self.now).isEmpty, "b is still being sent")
        #expect(state.update(.changed(.updated(job("b", .done))), now: Self.now) == [.stopFollowingProgress])
        #expect(state.progress.isEmpty)
    }

    /// A job waiting to try again shows a countdown, not how far it got: nothing to ask ten times a second.
    @Test func aJobWaitingToTryAgainIsNotFollowedUntilItIsSentAgain() {
        var state = uploads([job("a", .queued)])
        let retry = UploadJob.State.waiting(until: Self.now.addingTimeInterval(30), reason: "Can't reach school.edu")
        #expect(state.update(.changed(.updated(job("a", retry))), now: Self.now).isEmpty)
        #expect(state.update(.changed(.updated(job("a", .uploading))), now: Self.now) == [.followProgress])
        #expect(state.update(.changed(.updated(job("a", retry))), now: Self.now) == [.stopFollowingProgress])
    }
}
