@testable import CourseBrowser
import Foundation
import Testing

/// Dates read on the local wall clock give the fields Foundation's calendar gives in the
/// process's time zone (which Foundation, with ICU, reads from TZ and /etc/localtime).
@Suite struct LocalTimeTests {
    static let dates: [Date] = {
        var dates = [0, 1, -1, 59.999, 86_399.5, 951_782_400, 1_700_000_000, 1_710_054_000, 1_730_595_600, 4_102_444_799]
            .map(Date.init(timeIntervalSince1970:))
        // Every six hours and a minute for two years: every weekday, month end and DST change.
        let start = Date(timeIntervalSince1970: 1_767_225_600)
        for step in 0..<2_900 {
            dates.append(start.addingTimeInterval(Double(step) * 21_660 + 0.25))
        }
        return dates
    }()

    @Test func fieldsMatchFoundationsCalendarInTheLocalZone() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        for date in Self.dates {
            let parts = calendar.dateComponents([.year, .month, .day, .weekday, .hour, .minute], from: date)
            let local = LocalTime(date)
            #expect([local.year, local.month, local.day, local.weekday, local.hour, local.minute]
                == [parts.year, parts.month, parts.day, parts.weekday, parts.hour, parts.minute], "\(date)")
        }
    }

    @Test func aNamedZoneUsesThatZone() {
        let date = Date(timeIntervalSince1970: 1_702_659_540) // 2023-12-15 16:59 UTC
        let zones = ["UTC", "Asia/Ho_Chi_Minh", "America/New_York"].compactMap(TimeZone.init(identifier:))
        #expect(zones.map { DateText.short(date, now: date, timeZone: $0) } == ["Fri 15 Dec 16:59", "Fri 15 Dec 23:59", "Fri 15 Dec 11:59"])
    }

    @Test func textsMatchWhatFoundationFormatted() {
        let style = Date.ISO8601FormatStyle(timeZone: .current).year().month().day()
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        for date in Self.dates {
            #expect(LocalTime(date).dateText == date.formatted(style))
            let parts = calendar.dateComponents([.hour, .minute], from: date)
            #expect(LocalTime(date).clockText == String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0))
            #expect(DateText.short(date, now: date) == DateText.short(date, now: date, timeZone: .current))
        }
    }
}
