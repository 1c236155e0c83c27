import Foundation
import Testing
@testable import CourseBrowser
import CourseKit
import TerminalUI
import TestSupport

/// The Course pane's marks of what changed in its assignments: made from the backend's answer
/// only, kept for the visit, and recorded as seen.
@MainActor
struct AssignmentChangesTests {
    let now = Fixtures.start
    let day: TimeInterval = 86_400
    let course = Fixtures.swift.id

    /// The course as last seen: the lab due Thursday 10 September at noon UTC.
    var record: SeenCourse {
        SeenCourse(recordedAt: now - day, assignments: ["1": .init(dueAt: now + 3 * day, isGraded: false)])
    }

    /// The course open, its overview in and its record read.
    func state(glyphs: Glyphs = .unicode) -> CourseDetailState {
        var state = CourseDetailState(courseID: course, size: PaneSize(width: 70, height: 40, glyphs: glyphs))
        _ = state.update(.loaded(\.overview, .finished(.success(Fixtures.swift))), now: now)
        _ = state.update(.seenBefore(record, of: course), now: now)
        return state
    }

    func text(_ state: CourseDetailState) -> [String] {
        state.lines.map { $0.styled(now: now, glyphs: state.size.glyphs).text.trimmingCharacters(in: .whitespaces) }
    }

    func lab(due: Date?) -> Assignment {
        Assignment(id: "1", name: "Lab", dueAt: due)
    }

    @Test func aSavedCopyIsNeitherMarkedNorRecorded() {
        var state = state()
        let effects = state.update(.loaded(\.assignments, .restored([lab(due: now + 7 * day)], savedAt: now - 3_600)), now: now)
        #expect(effects.isEmpty)
        #expect(state.assignments.seen.changes.isEmpty)
    }

    @Test func theAnswerIsMarkedAndRecordedAsSeen() {
        var state = state()
        let answer = [lab(due: now + 7 * day), Assignment(id: "2", name: "Quiz", dueAt: now + day)]
        let effects = state.update(.loaded(\.assignments, .finished(.success(answer))), now: now)
        #expect(effects == [.recordSeen(course, SeenCourse(assignments: answer, recordedAt: now, after: record))])
        #expect(state.assignments.seen.changes == [
            "1": AssignmentChange(dueDateMove: .init(from: now + 3 * day, to: now + 7 * day)),
            "2": AssignmentChange(isNew: true),
        ])
    }

    @Test func aRefreshInTheSameVisitKeepsTheMarksAndRecordsAgain() {
        var state = state()
        let answer = [lab(due: now + 7 * day), Assignment(id: "2", name: "Quiz", dueAt: now + day)]
        _ = state.update(.loaded(\.assignments, .finished(.success(answer))), now: now)
        let marks = state.assignments.seen.changes
        let later = now + 60
        let effects = state.update(.loaded(\.assignments, .finished(.success(answer))), now: later)
        #expect(effects == [.recordSeen(course, SeenCourse(assignments: answer, recordedAt: later, after: nil))])
        #expect(marks.count == 2)
        #expect(state.assignments.seen.changes == marks, "the quiz still new and the lab still moved, for this visit")
    }

    @Test func whatARefreshBringsIsMarkedAndJoinsTheMarksBefore() {
        var state = state()
        let quiz = Assignment(id: "2", name: "Quiz", dueAt: now + day)
        _ = state.update(.loaded(\.assignments, .finished(.success([lab(due: now + 3 * day)]))), now: now)
        #expect(state.assignments.seen.changes.isEmpty)

        let effects = state.update(.loaded(\.assignments, .finished(.success([lab(due: now + 5 * day), quiz]))), now: now + 60)
        #expect(effects == [.recordSeen(course, SeenCourse(assignments: [lab(due: now + 5 * day), quiz], recordedAt: now + 60, after: nil))])
        #expect(state.assignments.seen.changes == [
            "1": AssignmentChange(dueDateMove: .init(from: now + 3 * day, to: now + 5 * day)),
            "2": AssignmentChange(isNew: true),
        ])
        #expect(text(state).contains("● new"), "\(text(state))")

        var graded = lab(due: now + 8 * day)
        graded.submission = .init(state: .graded, score: 9, grade: "9", postedAt: now + 100)
        _ = state.update(.loaded(\.assignments, .finished(.success([graded, quiz]))), now: now + 120)
        #expect(state.assignments.seen.changes == [
            "1": AssignmentChange(dueDateMove: .init(from: now + 3 * day, to: now + 8 * day), hasNewGrade: true),
            "2": AssignmentChange(isNew: true),
        ], "one move from the first date to the last, the grade added, the quiz still new")

        graded.dueAt = now + 3 * day
        _ = state.update(.loaded(\.assignments, .finished(.success([graded, quiz]))), now: now + 180)
        #expect(state.assignments.seen.changes == [
            "1": AssignmentChange(hasNewGrade: true),
            "2": AssignmentChange(isNew: true),
        ], "moved back where it was: no move left, the grade stays")
    }

    @Test func aMoveWithinTheDaySaysTheTimesAndADateSetSaysWhen() {
        var state = state()
        _ = state.update(.loaded(\.assignments, .finished(.success([lab(due: now + 3 * day + 3_600)]))), now: now)
        // In the local time zone, as every time the pane shows: 12:00 → 13:00 in UTC.
        let (from, to) = (DateText.short(now + 3 * day, now: now), DateText.short(now + 3 * day + 3_600, now: now))
        #expect(from != to && from.hasPrefix("Thu 10 Sep"))
        #expect(text(state).contains("● due date moved: \(from) → \(to)"), "\(text(state))")
        var undated = self.state()
        _ = undated.update(.seenBefore(SeenCourse(recordedAt: now - day, assignments: ["1": .init(dueAt: nil, isGraded: false)]), of: course), now: now)
        _ = undated.update(.loaded(\.assignments, .finished(.success([lab(due: now + 3 * day)]))), now: now)
        #expect(text(undated).contains("● due date set: Thu 10 Sep"))
    }

    @Test func asciiGlyphsMarkWithAStar() {
        var state = state(glyphs: .ascii)
        _ = state.update(.loaded(\.assignments, .finished(.success([Assignment(id: "9", name: "Quiz", dueAt: now + day)]))), now: now)
        #expect(text(state).contains("* new"))
    }

    @Test func reselectingTheCourseAfterAMarkReadFailedLeavesThePaneAsItIs() {
        var state = state()
        _ = state.update(.loaded(\.assignments, .finished(.success([lab(due: now + 7 * day)]))), now: now)
        let unread = Announcement(id: "31", title: "Room change", messageHTML: "<p>B-204</p>", postedAt: now - 3_600, isRead: false)
        _ = state.update(.loaded(\.announcements, .finished(.success(ShownAnnouncement.list([unread])))), now: now)
        _ = state.update(.key(.character("n")), now: now)
        _ = state.update(.key(.character("n")), now: now)
        #expect(state.update(.key(.enter), now: now) == [.markRead("31")])
        _ = state.update(.markedRead("31", course: course, failure: AnnouncementSectionTests.NoNetwork()), now: now)
        let marks = state.assignments.seen.changes

        #expect(state.update(.show(course), now: now).isEmpty, "nothing failed to load: nothing to load again")
        #expect(!marks.isEmpty)
        #expect(state.assignments.seen.changes == marks)
        #expect(state.announcements.reading.failures["31"] != nil, "the failed mark keeps its row")
        #expect(state.availability(of: .retry) == .enabled)
        #expect(state.update(.key(.character("r")), now: now) == [.markRead("31"), .track(.retryPressed(pane: "course"))])
    }
}

/// A deep link by another form of the course's ID: the record is the one kept under the
/// backend's own ID, whichever of the overview and the assignments answers first.
extension AssignmentChangesTests {
    @Test(arguments: [true, false])
    func aDeepLinkComparesWithTheRecordUnderTheBackendsID(overviewFirst: Bool) async throws {
        let seen = SeenClient.inMemory()
        seen.record(course, record)
        let (overviewGate, assignmentsGate) = (Gate(), Gate())
        let answer = [lab(due: now + 7 * day)]
        var environment = Fixtures.environment()
        environment.seen = seen
        environment.courseClient.course = { _, _ in
            await overviewGate.wait()
            return Fixtures.swift
        }
        environment.courseClient.assignments = { _, _ in
            await assignmentsGate.wait()
            return answer
        }
        let pane = CourseDetailPane(environment: environment)
        let seenCourses = Recorder<CourseID>()
        pane.sendToHost = { if case let .seen(id) = $0 { seenCourses.append(id) } }
        let link = try #require(CourseID("sis_course_id:SWIFT-101"))
        pane.update(.show(link))

        if overviewFirst {
            overviewGate.open()
            await settle { pane.state.overview.load.value != nil }
            assignmentsGate.open()
        } else {
            assignmentsGate.open()
            await settle { pane.state.assignments.load.value != nil }
            overviewGate.open()
        }
        await settle { !pane.isAnimating && !seenCourses.values.isEmpty }

        #expect(pane.state.assignments.seen.changes == ["1": AssignmentChange(dueDateMove: .init(from: now + 3 * day, to: now + 7 * day))])
        #expect(pane.lines(width: 70, height: 40).contains { $0.contains("● due date moved") })
        #expect(seenCourses.values == [course])
        #expect(seen.seen(course)?.recordedAt == now, "recorded again under the backend's ID")
        #expect(seen.seen(link) == nil, "nothing kept under the link's form")
    }

    @Test func anAnswerBeforeTheOverviewWaitsAndOneWithoutItTakesTheIDGiven() {
        var state = CourseDetailState(courseID: course, size: PaneSize(width: 70, height: 40, glyphs: .unicode))
        _ = state.update(.seenBefore(record, of: course), now: now)
        let answer = [lab(due: now + 7 * day)]
        #expect(state.update(.loaded(\.assignments, .finished(.success(answer))), now: now).isEmpty, "the backend's ID is not known yet")
        #expect(state.assignments.seen.changes.isEmpty)
        let effects = state.update(.loaded(\.overview, .finished(.failure(CourseClient.Failure(userMessage: "Can't reach school.test")))), now: now + 60)
        #expect(effects.contains(.recordSeen(course, SeenCourse(assignments: answer, recordedAt: now + 60, after: record))), "\(effects)")
        #expect(state.assignments.seen.changes == ["1": AssignmentChange(dueDateMove: .init(from: now + 3 * day, to: now + 7 * day))])
    }
}
