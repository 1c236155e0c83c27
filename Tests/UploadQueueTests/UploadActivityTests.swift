import Foundation
import Testing
import CourseKit
import TestSupport
@testable import UploadQueue

/// How far transfers have got, told to followers at most ten times a second while they move,
/// at once when one ends, and never while nothing moves.
struct UploadActivityTests {
    let clock = ManualClock(Date(timeIntervalSince1970: 1_800_000_000))

    /// The tellings `stream` holds now, after letting them arrive.
    func told(_ iterator: inout AsyncStream<[String: UploadProgress]>.Iterator, count: Int) async -> [[String: Int64]] {
        var tellings: [[String: Int64]] = []
        for _ in 0..<count {
            guard let progress = await iterator.next() else { break }
            tellings.append(progress.mapValues(\.sentBytes))
        }
        return tellings
    }

    @Test func aFollowerHearsHowItStandsThenATellingATenthOfASecondApartAndEachEnd() async {
        let activity = UploadActivity(clock: clock.client)
        activity.sent(100, for: "a")
        var updates = activity.updates().makeAsyncIterator()
        #expect(await told(&updates, count: 1) == [["a": 100]], "how it stands when following starts")
        activity.sent(200, for: "a")
        activity.sent(300, for: "a")
        clock.advance(by: 0.05)
        activity.sent(400, for: "a")
        clock.advance(by: 0.05)
        activity.sent(500, for: "a")
        activity.ended("a")
        // A follower that lags gets the latest telling only: here, the end.
        #expect(await told(&updates, count: 1) == [[:]])
        #expect(activity.snapshot.isEmpty)
    }

    @Test func tellingsAreSpacedByATenthOfASecond() async {
        let activity = UploadActivity(clock: clock.client)
        let heard = Recorder<[String: Int64]>()
        let follower = Task {
            for await progress in activity.updates() { heard.append(progress.mapValues(\.sentBytes)) }
        }
        func letItHear() async { for _ in 0..<100 { await Task.yield() } }
        await letItHear()
        for (bytes, later) in [(200, 0.0), (300, 0.0), (400, 0.06), (500, 0.06)] {
            clock.advance(by: later)
            activity.sent(Int64(bytes), for: "a")
            await letItHear()
        }
        activity.ended("a")
        await letItHear()
        follower.cancel()
        #expect(heard.values == [[:], ["a": 200], ["a": 500], [:]], "at once, then a tenth of a second later with all that moved since, then the end")
    }
}
