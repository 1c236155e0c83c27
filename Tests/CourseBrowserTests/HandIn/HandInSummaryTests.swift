import Foundation
import Testing
@testable import CourseBrowser
import CourseKit

/// The line said before a hand-in is queued: what goes where, which attempt, how late, and
/// whether it replaces what the teacher sees.
struct HandInSummaryTests {
    static let now = Fixtures.start

    static func draft(dueIn seconds: TimeInterval?, submission: Assignment.Submission?) -> Assignment {
        Assignment(id: "7", name: "Project Draft", dueAt: seconds.map { now + $0 }, submissionTypes: ["online_upload"], submission: submission)
    }

    @Test func aFirstHandInOnTimeSaysOnlyTheAttempt() {
        let draft = Self.draft(dueIn: 3_600, submission: .init(state: .unsubmitted))
        #expect(HandInSummary.question(files: ["essay.pdf"], to: draft, now: Self.now) == "Hand in essay.pdf to Project Draft — attempt 1? y/n")
    }

    @Test func aLateSecondAttemptSaysHowLateAndThatItReplacesTheFirst() {
        let draft = Self.draft(dueIn: -3 * 3_600 - 600, submission: .init(state: .submitted, submittedAt: Self.now - 86_400, attempt: 1))
        #expect(HandInSummary.question(files: ["essay.pdf"], to: draft, now: Self.now)
            == "Hand in essay.pdf to Project Draft — attempt 2, late by 3 h, replaces what the teacher sees? y/n")
    }

    @Test func lateByCountsMinutesThenHoursThenDays() {
        let cases: [(TimeInterval, String)] = [(20, "1 min"), (25 * 60, "25 min"), (47 * 3_600, "47 h"), (5 * 86_400 + 7_200, "5 days")]
        for (seconds, amount) in cases {
            let draft = Self.draft(dueIn: -seconds, submission: .init(state: .unsubmitted))
            #expect(HandInSummary.text(files: ["a.pdf"], to: draft, now: Self.now) == "Hand in a.pdf to Project Draft — attempt 1, late by \(amount)")
        }
    }

    @Test func severalFilesAreNamedByTheFirstAndHowManyMore() {
        let draft = Self.draft(dueIn: nil, submission: .init(state: .unsubmitted))
        #expect(HandInSummary.text(files: ["essay.pdf", "data.csv", "fig.png"], to: draft, now: Self.now)
            == "Hand in essay.pdf and 2 more to Project Draft — attempt 1")
        #expect(HandInSummary.text(files: ["essay.pdf", "data.csv"], to: draft, now: Self.now)
            == "Hand in essay.pdf and 1 more to Project Draft — attempt 1")
    }

    @Test func anUnknownAttemptIsLeftOutRatherThanGuessed() {
        let unread = Self.draft(dueIn: 3_600, submission: nil)
        #expect(HandInSummary.question(files: ["essay.pdf"], to: unread, now: Self.now) == "Hand in essay.pdf to Project Draft? y/n")
        let uncounted = Self.draft(dueIn: 3_600, submission: .init(state: .submitted, submittedAt: Self.now - 60))
        #expect(HandInSummary.text(files: ["essay.pdf"], to: uncounted, now: Self.now)
            == "Hand in essay.pdf to Project Draft — replaces what the teacher sees")
    }

    @Test func aGradeGivenWithoutAHandInIsNotAnEarlierSubmission() {
        let graded = Self.draft(dueIn: 3_600, submission: .init(state: .graded, score: 0, grade: "0"))
        #expect(HandInSummary.text(files: ["essay.pdf"], to: graded, now: Self.now) == "Hand in essay.pdf to Project Draft — attempt 1")
    }
}
