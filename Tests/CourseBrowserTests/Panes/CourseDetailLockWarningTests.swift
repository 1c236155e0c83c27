import Foundation
import Testing
@testable import CourseBrowser
import CourseKit
import TerminalUI
import TestSupport

/// The hand-in prompt warns when the assignment may lock before the queue can send the files:
/// when Canvas could not be asked just now, when the lock is minutes away, and when the lock
/// has passed though what was read still has it open.
@MainActor
struct CourseDetailLockWarningTests {
    nonisolated static let now = Fixtures.start

    nonisolated static func quiz(locksIn seconds: TimeInterval) -> Assignment {
        Assignment(id: "21", name: "Quiz 4", dueAt: now + seconds, submissionTypes: ["online_upload"], lockAt: now + seconds,
                   submission: .init(state: .unsubmitted))
    }

    /// The pane with `assignments` answered by the backend, or, with `offline`, shown from a
    /// copy saved an hour ago while the backend can't be reached; the prompt for the first open.
    func prompt(_ assignments: [Assignment], offline: Bool = false) async -> [String] {
        var environment = Fixtures.environment()
        environment.courseClient.assignments = { _, _ in
            if offline { throw CourseClient.Failure(userMessage: "Can't reach school.example") }
            return assignments
        }
        if offline {
            let saved = Saved(value: assignments, savedAt: Self.now - 3_600)
            environment.savedCopies = SavedCopyClient(
                courses: { _ in nil }, course: { _ in nil }, syllabus: { _ in nil }, modules: { _ in nil }, assignments: { _ in saved }
            )
        }
        let pane = CourseDetailPane(environment: environment)
        pane.update(.show(Fixtures.swift.id))
        await settle { !pane.isAnimating }
        _ = pane.handle(.character("s"))
        _ = pane.handle(.enter)
        return pane.lines(width: 120, height: 20).map { $0.trimmingCharacters(in: .whitespaces) }
    }

    @Test func readJustNowALockMinutesAwayWarnsThatTheUploadMayNotFinish() async {
        let lines = await prompt([Self.quiz(locksIn: 9 * 60)])
        #expect(lines[1] == "! Quiz 4 locks in 9 min: the upload may not finish first, and Canvas refuses a hand-in once it locks")
    }

    @Test func readJustNowALockHoursAwayNeedsNoWarning() async {
        let lines = await prompt([Self.quiz(locksIn: 5 * 3_600)])
        #expect(lines[1] == "Takes any file · due in 5 h")
    }

    @Test func fromASavedCopyAnyLockAheadWarnsThatTheNetworkMayComeBackTooLate() async {
        let lines = await prompt([Self.quiz(locksIn: 3 * 86_400)], offline: true)
        #expect(lines[1] == "! Quiz 4 " + DateText.locks(Self.now + 3 * 86_400, now: Self.now) + ", and Canvas could not be asked just now: the hand-in goes when the network allows, and")
        #expect(lines[2] == "is refused if that is after it locks")
    }

    @Test func aLockPassedThoughCanvasSaidOpenWarnsBeforeTheLateWarning() async {
        let lines = await prompt([Self.quiz(locksIn: -2 * 3_600)])
        #expect(lines[1] == "! Quiz 4 locked 2 h ago, though it was open when last read: Canvas will likely refuse this hand-in")
        #expect(lines[2] == "! Quiz 4 was due 2 h ago: this submission will be marked late")
    }

    @Test func aLockInACopySavedEarlierIsWarnedOfNotRefused() async {
        let project = Assignment(id: "22", name: "Project", submissionTypes: ["online_upload"], isLocked: true,
                                 lockExplanation: "Finish Week 1 first.", submission: .init(state: .unsubmitted))
        let lines = await prompt([project], offline: true)
        #expect(lines[0] == "Submit to Project:")
        #expect(lines[1] == "! Project was locked when last read (Finish Week 1 first.); Canvas could not be asked just now, and refuses the")
        #expect(lines[2] == "hand-in if it still is")
    }

    @Test func aLockReadJustNowIsRefusedInThePicker() async {
        let project = Assignment(id: "22", name: "Project", submissionTypes: ["online_upload"], isLocked: true,
                                 lockExplanation: "Finish Week 1 first.", submission: .init(state: .unsubmitted))
        let lines = await prompt([project])
        #expect(lines[0] == "Submit to:")
        #expect(lines[2] == "❗ Project is locked: Finish Week 1 first.")
    }

    @Test func assignmentsWhoseRefreshFailedAreNoLongerFresh() {
        var state = CourseDetailState(courseID: Fixtures.swift.id)
        _ = state.assignments.update(.started(at: Self.now, keepingValue: false))
        _ = state.assignments.update(.finished(.success([Self.quiz(locksIn: 3_600)])))
        #expect(state.assignments.isFresh)
        _ = state.assignments.update(.started(at: Self.now, keepingValue: true))
        _ = state.assignments.update(.finished(.failure(CourseClient.Failure(userMessage: "Can't reach school.example"))))
        #expect(!state.assignments.isFresh)
        #expect(state.assignments.load.value?.count == 1)
    }

    @Test func thePickerSaysWhenAnAssignmentLocksWithinTwoDaysAndWhenOneOpens() async {
        var environment = Fixtures.environment()
        let later = Assignment(id: "22", name: "Project", dueAt: Self.now + 20 * 86_400, submissionTypes: ["online_upload"], isLocked: true,
                               unlockAt: Self.now + 4 * 86_400)
        environment.courseClient.assignments = { _, _ in [Self.quiz(locksIn: 3 * 3_600), later] }
        let pane = CourseDetailPane(environment: environment)
        pane.update(.show(Fixtures.swift.id))
        await settle { !pane.isAnimating }
        _ = pane.handle(.character("s"))
        let lines = pane.lines(width: 80, height: 20)
        #expect(lines[1] == " › Quiz 4 · due in 3 h · locks in 3 h")
        #expect(lines[2] == "   🔒 Project · " + DateText.opens(Self.now + 4 * 86_400, now: Self.now))
    }
}
