import Foundation
import Testing
@testable import CanvasJSON
import TestSupport

/// Canvas's two spellings of a time are read without Foundation's parser, to the same second.
struct CanvasDateTests {
    func foundation(_ text: String) -> Date? {
        try? Date(text, strategy: .iso8601)
    }

    @Test func randomTimesOfBothSpellingsMatchFoundation() throws {
        var generator = SeededGenerator(seed: 20_261_201)
        var readPlainly = 0
        for _ in 0..<5_000 {
            let year = Int(generator.next() % 400) + 1800
            let month = Int(generator.next() % 12) + 1
            let day = Int(generator.next() % 31) + 1
            let (hour, minute, second) = (Int(generator.next() % 24), Int(generator.next() % 60), Int(generator.next() % 60))
            var text = String(format: "%04d-%02d-%02dT%02d:%02d:%02d", year, month, day, hour, minute, second)
            switch generator.next() % 3 {
            case 0: text += "Z"
            case 1: text += String(format: "+%02d:%02d", Int(generator.next() % 15), Int(generator.next() % 4) * 15)
            default: text += String(format: "-%02d:%02d", Int(generator.next() % 13), Int(generator.next() % 2) * 30)
            }
            let plain = CanvasDate.plainSeconds(text)
            guard let expected = foundation(text) else {
                #expect(plain == nil, "\(text)")
                continue
            }
            // A day past the month's end is Foundation's to judge.
            if let plain {
                readPlainly += 1
                #expect(plain == expected.timeIntervalSince1970, "\(text)")
            }
            #expect(CanvasDate.parse(text) == expected, "\(text)")
        }
        #expect(readPlainly > 4_500)
    }

    @Test(arguments: [
        "2026-02-29T00:00:00Z", "2025-13-01T00:00:00Z", "2025-00-10T00:00:00Z", "2025-04-31T00:00:00Z",
        "2025-01-01T24:00:00Z", "2025-01-01T12:60:00Z", "2025-01-01T12:00:60Z", "2025-01-01T12:00:00z",
        "2025-01-01 12:00:00Z", "2025-01-01T12:00:00.123Z", "2025-01-01T12:00:00+0700", "2025-01-01T12:00:00+07:60",
        "2025-01-01T12:00Z", "+2025-01-01T12:00:00Z", "２０２５-01-01T12:00:00Z", "",
        "1000-01-01T00:00:00Z", "1582-10-14T00:00:00Z", "2026-09-01T00:00:00+19:00", "2026-09-01T00:00:00-18:30",
    ])
    func otherTextIsLeftToFoundation(text: String) {
        #expect(CanvasDate.plainSeconds(text) == nil)
        #expect(CanvasDate.parse(text) == foundation(text))
    }

    @Test func leapDaysAndEpochEdgesCountRight() {
        #expect(CanvasDate.plainSeconds("1970-01-01T00:00:00Z") == 0)
        #expect(CanvasDate.plainSeconds("2024-02-29T00:00:00Z") == 1_709_164_800)
        #expect(CanvasDate.plainSeconds("2000-02-29T23:59:59+07:00") == 951_843_599)
        #expect(CanvasDate.plainSeconds("1900-03-01T00:00:00Z") == -2_203_891_200)
        #expect(CanvasDate.plainSeconds("1900-02-29T00:00:00Z") == nil)
    }
}
