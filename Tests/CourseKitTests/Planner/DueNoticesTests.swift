import CourseKit
import Foundation
import Testing

/// What is worth telling about a planner answer, and the record that keeps it told once.
struct DueNoticesTests {
    let now = Date(timeIntervalSince1970: 1_788_782_400)
    let hour: TimeInterval = 3_600
    let day: TimeInterval = 86_400
    var window: Date { now.addingTimeInterval(-14 * day) }

    func assignment(_ id: Int, _ title: String, in offset: TimeInterval, status: PlannerItem.Status? = .init()) -> PlannerItem {
        PlannerItem(id: "assignment:\(id)", kind: .assignment, title: title, courseCode: "CS 201", date: now.addingTimeInterval(offset), status: status)
    }

    var news: [PlannerItem] {
        [
            assignment(1, "Problem Set 3", in: -2 * day, status: .init(isSubmitted: true, isGraded: true, gradePostedAt: now.addingTimeInterval(-hour))),
            PlannerItem(id: "announcement:4", kind: .announcement, title: "Exam moved", contextName: "Algorithms", date: now.addingTimeInterval(-hour)),
            assignment(2, "Lab 4", in: 5 * hour + 30 * 60),
        ]
    }

    @Test func aFirstRunTellsNothingAndRecordsEverythingCurrent() {
        let review = DueNotices(news, since: nil, now: now, keptSince: window)
        #expect(review.notices.isEmpty)
        #expect(review.record.entries.count == 3)
        #expect(DueNotices(news, since: review.record, now: now, keptSince: window).notices.isEmpty)
    }

    @Test func newGradesAnnouncementsAndWorkDueWithinADayAreToldOnceEach() {
        let review = DueNotices(news, since: NotificationRecord(), now: now, keptSince: window)
        #expect(review.notices.map { "\($0.title): \($0.body)" } == [
            "New grade: CS 201 · Problem Set 3", "Announcement: Algorithms · Exam moved", "Due in 5 h: CS 201 · Lab 4",
        ])
        #expect(DueNotices(news, since: review.record, now: now.addingTimeInterval(hour), keptSince: window).notices.isEmpty)
    }

    @Test func aGradeIsToldWhenTheTeacherPostsItNotWhenItIsGiven() {
        let given = assignment(1, "Problem Set 3", in: -2 * day, status: .init(isSubmitted: true, isGraded: true))
        let unposted = DueNotices([given], since: NotificationRecord(), now: now, keptSince: window)
        #expect(unposted.notices.isEmpty, "Canvas says graded before the student may see the grade")
        var posted = given
        posted.status?.gradePostedAt = now
        let released = DueNotices([posted], since: unposted.record, now: now.addingTimeInterval(hour), keptSince: window)
        #expect(released.notices.map(\.title) == ["New grade"])
        #expect(DueNotices([posted], since: released.record, now: now.addingTimeInterval(2 * hour), keptSince: window).notices.isEmpty)
    }

    @Test func anExcusalIsNoNewGradeThoughCanvasCallsItGraded() {
        let excused = assignment(1, "Problem Set 3", in: -2 * day, status: .init(isGraded: true, isExcused: true, gradePostedAt: now))
        #expect(DueNotices([excused], since: NotificationRecord(), now: now, keptSince: window).notices.isEmpty)
    }

    @Test func workHandedInExcusedTickedDoneLaterOrPastIsNotDueSoon() {
        var ticked = assignment(5, "Ticked", in: hour)
        ticked.isMarkedComplete = true
        let items = [
            assignment(1, "Handed in", in: hour, status: .init(isSubmitted: true)),
            assignment(2, "Excused", in: hour, status: .init(isExcused: true)),
            assignment(3, "Next week", in: 7 * day),
            assignment(4, "Past", in: -hour),
            assignment(6, "Nothing to hand in", in: hour, status: nil),
            ticked,
        ]
        #expect(DueNotices(items, since: NotificationRecord(), now: now, keptSince: window).notices.isEmpty)
    }

    @Test func underAnHourItSaysMinutesAndAMovedDeadlineIsToldAgain() {
        let soon = assignment(2, "Lab 4", in: 40 * 60)
        let review = DueNotices([soon], since: NotificationRecord(), now: now, keptSince: window)
        #expect(review.notices.map(\.title) == ["Due in 40 min"])
        let moved = assignment(2, "Lab 4", in: 20 * hour)
        #expect(DueNotices([moved], since: review.record, now: now, keptSince: window).notices.map(\.title) == ["Due in 20 h"])
    }

    @Test func entriesOlderThanTheWindowAreDropped() {
        let old = NotificationRecord(entries: ["graded:assignment:9@1": now.addingTimeInterval(-30 * day), "graded:assignment:8@1": now])
        let review = DueNotices([], since: old, now: now, keptSince: window)
        #expect(review.record.entries == ["graded:assignment:8@1": now])
    }

    @Test func theInMemoryLogHasNoRecordUntilOneIsSaved() {
        let log = NotificationLog.inMemory()
        #expect(log.load() == nil)
        log.save(NotificationRecord(entries: ["a": now]))
        #expect(log.load() == NotificationRecord(entries: ["a": now]))
    }

    @Test func aNewCommentIsToldOnceAndTheNextOneAgain() {
        let first = assignment(1, "Problem Set 3", in: -2 * day, status: .init(isSubmitted: true, hasFeedback: true, lastComment: "See me about question 2."))
        let review = DueNotices([first], since: NotificationRecord(), now: now, keptSince: window)
        #expect(review.notices.map { "\($0.title): \($0.body)" } == ["New comment: CS 201 · Problem Set 3: See me about question 2."])
        #expect(DueNotices([first], since: review.record, now: now, keptSince: window).notices.isEmpty)
        let next = assignment(1, "Problem Set 3", in: -2 * day, status: .init(isSubmitted: true, hasFeedback: true, lastComment: "Thanks, fixed."))
        #expect(DueNotices([next], since: review.record, now: now, keptSince: window).notices.map(\.title) == ["New comment"])
    }
}
