import Foundation
import Testing
@testable import CourseKit

/// What counts as changed since the student last looked: new assignments (only where the
/// record speaks for their date), moved due dates, new grades and new announcements.
struct CourseChangesTests {
    let then = Date(timeIntervalSince1970: 1_800_000_000)
    let day: TimeInterval = 86_400
    var now: Date { then + 3 * day }

    func assignment(_ id: String, due: Date?, submission: Assignment.Submission? = nil) -> Assignment {
        Assignment(id: id, name: "Assignment \(id)", dueAt: due, submission: submission)
    }

    func item(_ id: String, due: Date, graded: Bool = false) -> PlannerItem {
        PlannerItem(
            id: "assignment:" + id, kind: .assignment, title: id, courseID: CourseID(101), date: due, assignmentID: id,
            status: PlannerItem.Status(isGraded: graded)
        )
    }

    func announcement(_ id: String, posted: Date) -> PlannerItem {
        PlannerItem(id: "announcement:" + id, kind: .announcement, title: id, courseID: CourseID(101), date: posted)
    }

    /// The whole course as it was at `then`: assignment 1 due in a week, 2 due in two, neither graded.
    var wholeCourse: SeenCourse {
        SeenCourse(assignments: [assignment("1", due: then + 7 * day), assignment("2", due: then + 14 * day)], recordedAt: then, after: nil)
    }

    @Test func aCourseWithNoRecordHasNothingNew() {
        #expect(CourseChanges.changes(since: nil, in: [assignment("1", due: now)]).isEmpty)
        #expect(CourseChanges.count(since: nil, in: [item("1", due: now), announcement("5", posted: now)]) == 0)
    }

    @Test func nothingChangedIsNothingNew() {
        let same = [assignment("1", due: then + 7 * day), assignment("2", due: then + 14 * day)]
        #expect(CourseChanges.changes(since: wholeCourse, in: same).isEmpty)
        #expect(CourseChanges.count(since: wholeCourse, in: [item("1", due: then + 7 * day)]) == 0)
    }

    @Test func anAssignmentNotSeenIsNewWhereTheRecordCoversTheWholeCourse() {
        let current = [assignment("1", due: then + 7 * day), assignment("3", due: then - 60 * day), assignment("4", due: nil)]
        let changes = CourseChanges.changes(since: wholeCourse, in: current)
        #expect(changes == ["3": AssignmentChange(isNew: true), "4": AssignmentChange(isNew: true)])
    }

    @Test func aRecordFromThePlannersWindowCallsNewOnlyWhatFallsInsideIt() {
        let window = DateInterval(start: then - 14 * day, end: then + 28 * day)
        let seen = SeenCourse(plannerItems: [item("1", due: then + 7 * day)], window: window, recordedAt: then)
        let older = assignment("2", due: then - 90 * day)
        let undated = assignment("3", due: nil)
        let inside = assignment("4", due: then + 20 * day)
        let changes = CourseChanges.changes(since: seen, in: [assignment("1", due: then + 7 * day), older, undated, inside])
        #expect(changes == ["4": AssignmentChange(isNew: true)], "an assignment the planner could not show was there unseen")
    }

    /// Moodle's calendar, which a record may be made from, leaves out what was handed in: work
    /// the student handed in is no news to them, missing from the record or not.
    @Test func workHandedInIsNeverNew() {
        let window = DateInterval(start: then - 14 * day, end: then + 28 * day)
        let seen = SeenCourse(plannerItems: [item("1", due: then + 7 * day)], window: window, recordedAt: then)
        let submitted = assignment("5", due: then - 2 * day, submission: .init(state: .submitted, submittedAt: then - 3 * day))
        let graded = assignment("6", due: then - 4 * day, submission: .init(state: .graded, submittedAt: then - 5 * day, score: 9))
        let onPaper = assignment("7", due: then - 4 * day, submission: .init(state: .graded, score: 9))
        let open = assignment("8", due: then + 2 * day, submission: .init(state: .unsubmitted))
        let changes = CourseChanges.changes(since: seen, in: [submitted, graded, onPaper, open])
        #expect(changes == ["7": AssignmentChange(isNew: true), "8": AssignmentChange(isNew: true)])
        let handedIn = PlannerItem(
            id: "assignment:9", kind: .assignment, title: "9", courseID: CourseID(101), date: then + 3 * day, assignmentID: "9",
            status: PlannerItem.Status(isSubmitted: true)
        )
        #expect(CourseChanges.count(since: seen, in: [handedIn, item("10", due: then + 3 * day)]) == 1)
    }

    @Test func aMovedDueDateSaysFromWhereToWhere() {
        let moved = assignment("1", due: then + 11 * day)
        let changes = CourseChanges.changes(since: wholeCourse, in: [moved, assignment("2", due: then + 14 * day)])
        #expect(changes == ["1": AssignmentChange(dueDateMove: .init(from: then + 7 * day, to: then + 11 * day))])
        #expect(CourseChanges.count(since: wholeCourse, in: [item("1", due: then + 11 * day)]) == 1)
    }

    @Test func aDueDateRemovedIsAMoveToNone() {
        let changes = CourseChanges.changes(since: wholeCourse, in: [assignment("1", due: nil)])
        #expect(changes["1"]?.dueDateMove == .init(from: then + 7 * day, to: nil))
    }

    @Test func aGradeIsNewWhenGradedNowAndNotBefore() {
        let graded = Assignment.Submission(state: .graded, score: 8, grade: "8", postedAt: then + day)
        let changes = CourseChanges.changes(since: wholeCourse, in: [assignment("1", due: then + 7 * day, submission: graded)])
        #expect(changes == ["1": AssignmentChange(hasNewGrade: true)])
        #expect(CourseChanges.count(since: wholeCourse, in: [item("1", due: then + 7 * day, graded: true)]) == 1)
    }

    @Test func aGradeSeenAlreadyIsNotNewButOneChangedSinceIs() {
        let graded = assignment("1", due: then + 7 * day, submission: .init(state: .graded, score: 8, grade: "8", postedAt: then))
        let seen = SeenCourse(assignments: [graded], recordedAt: then, after: nil)
        #expect(CourseChanges.changes(since: seen, in: [graded]).isEmpty)
        #expect(CourseChanges.count(since: seen, in: [item("1", due: then + 7 * day, graded: true)]) == 0)
        var regraded = graded
        regraded.submission?.score = 9
        regraded.submission?.grade = "9"
        #expect(CourseChanges.changes(since: seen, in: [regraded]) == ["1": AssignmentChange(hasNewGrade: true)])
    }

    @Test func aGradeNotReleasedIsNotAGradeYet() {
        let hidden = assignment("1", due: then + 7 * day, submission: .init(state: .graded))
        #expect(CourseChanges.changes(since: wholeCourse, in: [hidden]).isEmpty)
    }

    @Test func anAnnouncementIsNewWhenNotSeenAndPostedAfterTheRecord() {
        let window = DateInterval(start: then - 14 * day, end: then + 28 * day)
        let seen = SeenCourse(plannerItems: [announcement("5", posted: then - day)], window: window, recordedAt: then)
        let items = [announcement("5", posted: then - day), announcement("6", posted: then + day), announcement("7", posted: then - 2 * day)]
        #expect(CourseChanges.count(since: seen, in: items) == 1, "6 is new; 5 was seen; 7 was posted before the record, only not in its window")
    }

    @Test func theCountTakesEachAssignmentOnceWhateverChangedAboutIt() {
        let items = [item("1", due: then + 9 * day, graded: true), item("3", due: then + 2 * day), announcement("8", posted: now)]
        #expect(CourseChanges.count(since: wholeCourse, in: items) == 3)
    }

    @Test func recordingTheWholeCourseKeepsTheAnnouncementsSeenAndCoversEveryDate() {
        let window = DateInterval(start: then - 14 * day, end: then + 28 * day)
        let fromPlanner = SeenCourse(plannerItems: [announcement("5", posted: then)], window: window, recordedAt: then)
        let whole = SeenCourse(assignments: [assignment("1", due: nil)], recordedAt: now, after: fromPlanner)
        #expect(whole.announcements == ["announcement:5"])
        #expect(whole.window == nil)
        #expect(whole.covers(nil) && whole.covers(then - 400 * day))
        #expect(CourseChanges.count(since: whole, in: [announcement("6", posted: now - day)]) == 0, "posted before the student looked")
    }

    @Test func aRecordSurvivesJSON() throws {
        let window = DateInterval(start: then - 14 * day, end: then + 28 * day)
        let seen = SeenCourse(plannerItems: [item("1", due: then + 0.5), announcement("5", posted: then)], window: window, recordedAt: then)
        let decoded = try JSONDecoder().decode(SeenCourse.self, from: JSONEncoder().encode(seen))
        #expect(decoded == seen)
    }
}

/// Grades not released yet: the planner calls them graded, the assignment shows none.
extension CourseChangesTests {
    var hidden: Assignment {
        assignment("1", due: then + 7 * day, submission: .init(state: .graded))
    }

    @Test func aGradeReleasedSinceTheCourseWasLookedAtIsNew() {
        let seen = SeenCourse(assignments: [hidden], recordedAt: then, after: nil)
        var released = hidden
        released.submission = .init(state: .graded, score: 7, grade: "7", postedAt: now)
        #expect(CourseChanges.changes(since: seen, in: [released]) == ["1": AssignmentChange(hasNewGrade: true)])
    }

    @Test func aGradeNotReleasedLooksGradedToThePlannerOnBothSides() {
        let seen = SeenCourse(assignments: [hidden], recordedAt: then, after: nil)
        #expect(CourseChanges.count(since: seen, in: [item("1", due: then + 7 * day, graded: true)]) == 0)
    }
}

/// Excused work: Canvas's planner says `graded` for it, the assignment shows no grade.
extension CourseChangesTests {
    func excusedItem(_ id: String, due: Date) -> PlannerItem {
        var excused = item(id, due: due, graded: true)
        excused.status?.isExcused = true
        return excused
    }

    @Test func anExcusedAssignmentIsNoNewGradeInTheCount() {
        let excused = assignment("1", due: then + 7 * day, submission: .init(state: .graded, isExcused: true))
        let seen = SeenCourse(assignments: [excused], recordedAt: then, after: nil)
        #expect(CourseChanges.changes(since: seen, in: [excused]).isEmpty)
        #expect(CourseChanges.count(since: seen, in: [excusedItem("1", due: then + 7 * day)]) == 0, "the record says not graded, as the planner must")
    }

    @Test func aBaselineFromThePlannerTakesExcusedWorkAsNotGraded() {
        let window = DateInterval(start: then - 14 * day, end: then + 28 * day)
        let seen = SeenCourse(plannerItems: [excusedItem("1", due: then + 7 * day)], window: window, recordedAt: then)
        #expect(seen.assignments["1"]?.isGraded == false)
        let graded = assignment("1", due: then + 7 * day, submission: .init(state: .graded, score: 8, grade: "8", postedAt: now))
        #expect(CourseChanges.changes(since: seen, in: [graded]) == ["1": AssignmentChange(hasNewGrade: true)], "graded once no longer excused")
    }
}

/// A visit's marks after another answer, found against the record the answer before left.
extension CourseChangesTests {
    func move(_ from: Date?, _ to: Date?) -> AssignmentChange {
        AssignmentChange(dueDateMove: .init(from: from, to: to))
    }

    @Test func twoMovesMakeOneFromTheFirstDateToTheLast() {
        let merged = CourseChanges.merging(["1": move(then, then + day)], ["1": move(then + day, nil)])
        #expect(merged == ["1": move(then, nil)])
    }

    @Test func aDateMovedBackWhereItWasIsNoMoveAndWhatElseChangedStays() {
        let earlier = ["1": move(then, then + day), "2": AssignmentChange(isNew: true, dueDateMove: .init(from: nil, to: then))]
        let later = ["1": move(then + day, then + 0.5), "2": move(then, nil)]
        #expect(CourseChanges.merging(earlier, later) == ["2": AssignmentChange(isNew: true)], "1 is back, 2 is still new")
    }

    @Test func newAndGradedStayAndWhatOnlyOneSideFoundIsKept() {
        let earlier = ["1": AssignmentChange(isNew: true), "2": AssignmentChange(hasNewGrade: true)]
        let later = ["2": move(then, then + day), "3": AssignmentChange(hasNewGrade: true)]
        #expect(CourseChanges.merging(earlier, later) == [
            "1": AssignmentChange(isNew: true),
            "2": AssignmentChange(dueDateMove: .init(from: then, to: then + day), hasNewGrade: true),
            "3": AssignmentChange(hasNewGrade: true),
        ])
    }

    func commented(_ ids: [String], marks: [String: RubricMark]? = nil) -> Assignment.Submission {
        Assignment.Submission(state: .graded, grade: "9", postedAt: then, comments: ids.map { SubmissionComment(id: $0, text: "Note \($0)") }, rubricMarks: marks)
    }

    @Test func aCommentOrARubricMarkSinceIsNewFeedback() {
        let seen = SeenCourse(assignments: [assignment("1", due: then, submission: commented([]))], recordedAt: then, after: nil)
        let comment = CourseChanges.changes(since: seen, in: [assignment("1", due: then, submission: commented(["c1"]))])
        #expect(comment["1"] == AssignmentChange(hasNewFeedback: true))
        let marked = CourseChanges.changes(since: seen, in: [assignment("1", due: then, submission: commented([], marks: ["_c1": RubricMark(points: 3)]))])
        #expect(marked["1"]?.hasNewFeedback == true)
        let once = SeenCourse(assignments: [assignment("1", due: then, submission: commented(["c1"]))], recordedAt: then, after: nil)
        #expect(CourseChanges.changes(since: once, in: [assignment("1", due: then, submission: commented(["c1"]))]).isEmpty, "seen already")
        #expect(CourseChanges.changes(since: once, in: [assignment("1", due: then, submission: commented(["c1", "c2"]))])["1"]?.hasNewFeedback == true)
    }

    @Test func feedbackARecordDidNotKeepIsNotCalledNew() {
        // A record made before feedback was kept, or from the planner, knows nothing of it.
        var old = SeenCourse(assignments: [assignment("1", due: then, submission: commented([]))], recordedAt: then, after: nil)
        old.assignments["1"]?.feedback = nil
        #expect(CourseChanges.changes(since: old, in: [assignment("1", due: then, submission: commented(["c1"]))]).isEmpty)
        var unread = assignment("1", due: then, submission: commented(["c1"]))
        unread.submission?.comments = nil
        let seen = SeenCourse(assignments: [assignment("1", due: then, submission: commented([]))], recordedAt: then, after: nil)
        #expect(CourseChanges.changes(since: seen, in: [unread]).isEmpty, "comments not read this time are no news")
    }

    @Test func thePlannersWordOfFeedbackCountsWhereTheRecordSawNone() {
        let seen = SeenCourse(assignments: [assignment("1", due: then, submission: commented([]))], recordedAt: then, after: nil)
        var item = item("1", due: then, graded: true)
        item.status?.gradePostedAt = then
        #expect(CourseChanges.count(since: seen, in: [item]) == 0)
        item.status?.hasFeedback = true
        #expect(CourseChanges.count(since: seen, in: [item]) == 1)
    }
}
