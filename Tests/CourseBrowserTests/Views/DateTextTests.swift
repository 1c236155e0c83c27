@testable import CourseBrowser
import Foundation
import Testing

/// Dates carry their year once they are about six months away, either way, so a date a year
/// ahead never reads like next week's; and no date, however far, traps.
struct DateTextTests {
    static let now = Date(timeIntervalSince1970: 1_796_083_200) // Tue 1 Dec 2026 00:00 UTC
    static let utc = TimeZone(identifier: "UTC") ?? .current
    static let day: TimeInterval = 86_400

    nonisolated static let dues: [(TimeInterval, String)] = [
        (10 * Self.day, "due Fri 11 Dec 00:00"),
        (180 * Self.day, "due Sun 30 May 00:00"),
        (365 * Self.day + 23 * 3_600 + 59 * 60, "due Wed 1 Dec 2027 23:59"),
        (-100 * Self.day, "was due 100 days ago"),
        (-200 * Self.day, "was due Fri 15 May 2026 00:00"),
        (-3 * 365 * Self.day, "was due Sat 2 Dec 2023 00:00"),
    ]

    @Test(arguments: dues)
    func aDueDateFarFromNowSaysItsYear(offset: TimeInterval, text: String) {
        #expect(DateText.due(Self.now + offset, now: Self.now, timeZone: Self.utc) == text)
    }

    @Test func opensAndLocksReadAsDueDatesDo() {
        #expect(DateText.opens(Self.now + 121 * Self.day, now: Self.now, timeZone: Self.utc) == "opens Thu 1 Apr 00:00")
        #expect(DateText.opens(Self.now + 487 * Self.day, now: Self.now, timeZone: Self.utc) == "opens Sat 1 Apr 2028 00:00")
        #expect(DateText.locks(Self.now + 2 * 3_600, now: Self.now) == "locks in 2 h")
        #expect(DateText.locks(Self.now - 3 * Self.day, now: Self.now) == "locked 3 days ago")
    }

    @Test func aShortDateHasItsYearOnlyBeyondSixMonths() {
        #expect(DateText.short(Self.now + 182 * Self.day, now: Self.now, timeZone: Self.utc) == "Tue 1 Jun 00:00")
        #expect(DateText.short(Self.now + 183 * Self.day, now: Self.now, timeZone: Self.utc) == "Wed 2 Jun 2027 00:00")
        #expect(DateText.short(Self.now - 183 * Self.day, now: Self.now, timeZone: Self.utc) == "Mon 1 Jun 2026 00:00")
    }

    @Test func aSavedCopyOlderThanSixMonthsSaysTheDay() {
        #expect(DateText.age(of: Self.now - 3 * Self.day, now: Self.now) == "3 days ago")
        #expect(DateText.age(of: Self.now - 400 * Self.day, now: Self.now).hasPrefix("on "))
    }

    /// Dates from a damaged saved copy or a catalog can be anything a `Double` holds.
    @Test(arguments: [1e300, -1e300, 1e19, -1e19, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .nan, .infinity])
    func noDateTraps(seconds: Double) {
        let date = Date(timeIntervalSince1970: seconds)
        #expect(!DateText.due(date, now: Self.now).isEmpty)
        #expect(!DateText.locks(date, now: Self.now).isEmpty)
        #expect(!DateText.age(of: date, now: Self.now).isEmpty)
        #expect(!DateText.age(of: Self.now, now: date).isEmpty)
    }
}
