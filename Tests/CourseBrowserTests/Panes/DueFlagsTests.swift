import Foundation
import Testing
@testable import CourseBrowser
import CourseKit
import TerminalUI
import TestSupport

/// The Due pane reads Canvas's flags as Canvas means them: more time given is not missing, work
/// asked for again is not done, a grade not released says so, and missing work older than the
/// planner's dates is in Missing and its count.
@MainActor
struct DueFlagsTests {
    let now = Fixtures.start
    let day = PlannerFixtures.day

    func rows(_ items: [PlannerItem]) async -> [String] {
        let pane = DuePane(environment: Fixtures.environment().planning(items))
        pane.start()
        await settle { !pane.isAnimating }
        return pane.lines(width: 90, height: 20)
    }

    @Test func anExtensionPastItsDateIsNotMissingAndSaysSo() async {
        let extended = PlannerFixtures.assignment(1, "Lab report", in: -2 * day, status: PlannerItem.Status(isExtended: true))
        #expect(DueStanding(of: extended, now: now) == .extended)
        #expect(!DueDay.isMissing(extended, now: now))
        let lines = await rows([extended])
        #expect(!lines.contains { $0.contains("Missing") }, "\(lines)")
        #expect(lines.contains { $0.contains("Lab report") && $0.contains("extended") }, "\(lines)")
    }

    @Test func aRedoRequestIsNotDoneAndIsToldWhenDueSoon() async {
        let redo = PlannerItem.Status(isSubmitted: true, isGraded: true, gradePostedAt: now - day, isRedoRequested: true)
        let again = PlannerFixtures.assignment(2, "Essay", in: 5 * 3_600, status: redo)
        #expect(DueStanding(of: again, now: now) == .redoRequested)
        let told = DueNotices([again], since: NotificationRecord(entries: [:]), now: now, keptSince: now - day).notices
        #expect(told.map(\.title).contains("Due in 5 h"), "handed in and graded, yet asked for again")
        var handedIn = again
        handedIn.status?.isRedoRequested = false
        #expect(!DueNotices([handedIn], since: NotificationRecord(entries: [:]), now: now, keptSince: now - day).notices.map(\.title).contains("Due in 5 h"))
        let lines = await rows([again])
        #expect(lines.contains { $0.contains("Essay") && $0.contains("redo requested") }, "\(lines)")
    }

    @Test func aGradeNotReleasedSaysSo() async {
        let hidden = PlannerFixtures.assignment(3, "Quiz", in: -day, status: PlannerItem.Status(isSubmitted: true, isGraded: true, isGradeHidden: true))
        #expect(DueStanding(of: hidden, now: now) == .gradeNotReleased)
        let released = PlannerFixtures.assignment(4, "Test", in: -day, status: PlannerItem.Status(isSubmitted: true, isGraded: true, gradePostedAt: now))
        #expect(DueStanding(of: released, now: now) == .graded)
        let lines = await rows([hidden])
        #expect(lines.contains { $0.contains("Quiz") && $0.contains("grade not released") }, "\(lines)")
    }

    @Test func missingWorkFromLongAgoIsInMissingAndCounted() async {
        let old = PlannerFixtures.assignment(5, "Essay from October", in: -40 * day, status: PlannerItem.Status(isMissing: true))
        let pane = DuePane(environment: Fixtures.environment().planning([old, PlannerFixtures.assignment(6, "Next lab", in: 2 * day)]))
        pane.start()
        await settle { !pane.isAnimating }
        #expect(pane.title.contains("1 missing"), "\(pane.title)")
        let lines = pane.lines(width: 90, height: 20)
        let missing = lines.firstIndex { $0.trimmingCharacters(in: CharacterSet(charactersIn: " │┃")) == "Missing" }
        let row = lines.firstIndex { $0.contains("Essay from October") }
        #expect(missing != nil && row != nil && row! > missing!, "\(lines)")
    }

    @Test func aSavedStatusFromBeforeTheseFlagsReadsWithoutThem() throws {
        let old = #"{"isSubmitted": true, "isGraded": true, "isLate": false, "isMissing": false, "isExcused": false, "needsGrading": false, "hasFeedback": false}"#
        let status = try JSONDecoder().decode(PlannerItem.Status.self, from: Data(old.utf8))
        #expect(status == PlannerItem.Status(isSubmitted: true, isGraded: true))
    }
}
