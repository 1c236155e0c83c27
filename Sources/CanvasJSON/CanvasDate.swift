import FoundationEssentials

/// Parses the ISO 8601 timestamps Canvas sends; a value it can't read is treated as absent.
package enum CanvasDate {
    package static func parse(_ text: String) -> Date? {
        if let seconds = plainSeconds(text) { return Date(timeIntervalSince1970: seconds) }
        return try? Date(text, strategy: .iso8601)
    }

    /// Seconds since 1970 for the two spellings Canvas writes, `2026-09-01T07:00:00Z` and
    /// `2026-09-01T14:00:00+07:00`, when every field is in range; nil for anything else,
    /// which Foundation's parser then judges. A list of 100,000 courses has 400,000 dates.
    static func plainSeconds(_ text: String) -> Double? {
        var text = text
        return text.withUTF8 { bytes -> Double? in
            guard bytes.count == 20 || bytes.count == 25 else { return nil }
            func number(_ start: Int, _ count: Int) -> Int? {
                var value = 0
                for byte in bytes[start..<(start + count)] {
                    guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                    value = value * 10 + Int(byte - UInt8(ascii: "0"))
                }
                return value
            }
            guard bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T"),
                  bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
                  let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
                  let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
                  // Before 1583 Foundation counts in the Julian calendar.
                  year >= 1583, (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
                  hour < 24, minute < 60, second < 60, let offset = offsetSeconds(bytes, number) else {
                return nil
            }
            let days = daysSince1970(year: year, month: month, day: day)
            return Double(days * 86_400 + hour * 3_600 + minute * 60 + second - offset)
        }
    }

    /// The zone's offset east of UTC: `Z`, or `+HH:MM` / `-HH:MM`.
    private static func offsetSeconds(_ bytes: UnsafeBufferPointer<UInt8>, _ number: (Int, Int) -> Int?) -> Int? {
        if bytes.count == 20 { return bytes[19] == UInt8(ascii: "Z") ? 0 : nil }
        let sign: Int
        switch bytes[19] {
        case UInt8(ascii: "+"): sign = 1
        case UInt8(ascii: "-"): sign = -1
        default: return nil
        }
        // Foundation takes zones up to 18 hours from UTC.
        guard bytes[22] == UInt8(ascii: ":"), let hours = number(20, 2), let minutes = number(23, 2), minutes < 60,
              hours * 60 + minutes <= 18 * 60 else {
            return nil
        }
        return sign * (hours * 3_600 + minutes * 60)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar.
    private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        // Counted from March, so a leap day falls at the end of its year.
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
