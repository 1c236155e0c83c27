import CourseKit
import Foundation
@testable import Launch
import Testing

/// The iCalendar encoder's pieces: TEXT escaping (RFC 5545 §3.3.11), folding at 75 octets
/// (§3.1) and dates (§3.3.4, §3.3.5).
@Suite struct ICalendarEncodingTests {
    @Test(arguments: [
        ("plain", "plain"),
        (#"a\b"#, #"a\\b"#),
        ("Lab 1; part 2, again", #"Lab 1\; part 2\, again"#),
        ("two\nlines", #"two\nlines"#),
        ("crlf\r\nand cr\rend", #"crlf\nand cr\nend"#),
        ("Due: 10:00", "Due: 10:00"),
        ("tab\there", "tab here"),
        ("esc\u{1B}[31mred\u{7F}\u{85}", "esc[31mred"),
        ("Đồ thị 😀", "Đồ thị 😀"),
    ])
    func textIsEscapedAsTheRFCSays(text: String, escaped: String) {
        #expect(ICalendarText.escaped(text) == escaped)
    }

    @Test func aShortLineIsOnlyEndedWithCRLF() {
        #expect(ICalendarLine.folded("SUMMARY:short") == "SUMMARY:short\r\n")
        let exactly75 = "SUMMARY:" + String(repeating: "x", count: 67)
        #expect(ICalendarLine.folded(exactly75) == exactly75 + "\r\n")
    }

    @Test func aLongLineIsFoldedAt75OctetsAndUnfoldsToItself() {
        let line = "DESCRIPTION:" + String(repeating: "abcdefghij", count: 20)
        let folded = ICalendarLine.folded(line)
        let physical = folded.components(separatedBy: "\r\n").dropLast()
        #expect(physical.allSatisfy { $0.utf8.count <= 75 }, "\(physical.map(\.utf8.count))")
        #expect(physical.first?.utf8.count == 75, "the first line takes all 75 octets")
        #expect(physical.dropFirst().allSatisfy { $0.hasPrefix(" ") })
        #expect(folded.replacingOccurrences(of: "\r\n ", with: "") == line + "\r\n", "unfolding gives the line back")
    }

    /// A three-octet character that would straddle octet 75 moves whole to the next line.
    @Test(arguments: 0..<3)
    func aMultiByteCharacterAtTheBoundaryIsNeverSplit(shift: Int) {
        let line = "SUMMARY:" + String(repeating: "a", count: 65 + shift) + String(repeating: "情", count: 10)
        let folded = ICalendarLine.folded(line)
        let physical = Array(folded.utf8).split(separator: 0x0A).map { Array($0) }
        for piece in physical {
            #expect(String(validating: piece, as: UTF8.self) != nil, "each physical line is whole UTF-8: \(piece)")
            #expect(piece.count <= 77, "75 octets and CR (and a leading space)")
        }
        #expect(folded.replacingOccurrences(of: "\r\n ", with: "") == line + "\r\n")
        let first = String(decoding: physical[0], as: UTF8.self).dropLast()
        // 73 + shift octets of ASCII: with shift 0 or 1 the 75th octet falls inside a character.
        #expect(first.utf8.count == 73 + shift, "the first line ends before the character that would not fit: \(first.utf8.count)")
    }

    @Test func fourOctetCharactersFoldWhole() {
        let line = "SUMMARY:" + String(repeating: "😀", count: 40)
        let folded = ICalendarLine.folded(line)
        let pieces = folded.components(separatedBy: "\r\n").dropLast()
        #expect(pieces.allSatisfy { $0.utf8.count <= 75 })
        #expect(folded.replacingOccurrences(of: "\r\n ", with: "") == line + "\r\n")
    }

    @Test func momentsAreWrittenInUTCAndDaysAlone() throws {
        let moment = try #require(ISO8601DateFormatter().date(from: "2026-12-03T23:59:07Z"))
        #expect(ICalendarDate.moment(moment) == "20261203T235907Z")
        #expect(ICalendarDate.day(year: 2026, month: 3, day: 9) == "20260309")
        #expect(ICalendarDate.dayAfter(year: 2026, month: 12, day: 31) == "20270101")
        #expect(ICalendarDate.dayAfter(year: 2028, month: 2, day: 28) == "20280229")
        #expect(ICalendarDate.isUTCMidnight(try #require(ISO8601DateFormatter().date(from: "2026-12-03T00:00:00Z"))))
        #expect(!ICalendarDate.isUTCMidnight(moment))
    }
}
