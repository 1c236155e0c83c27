import Testing
@testable import CanvasJSON
import TestSupport

/// The eight-at-a-time scan stops exactly where a byte-by-byte one would.
struct JSONPlainTextTests {
    @Test func everyStopIsFoundFromEveryStart() {
        var generator = SeededGenerator(seed: 8)
        // Mostly plain text, with each kind of special byte sprinkled in at random places.
        let specials: [UInt8] = [0x22, 0x5C, 0x00, 0x1F, 0x0A, 0x7F, 0x80, 0xC3, 0xFF, 0x21, 0x5B, 0x5D, 0x20]
        for _ in 0..<300 {
            let length = Int(generator.next() % 40)
            let bytes = (0..<length).map { _ -> UInt8 in
                generator.next() % 6 == 0 ? specials[Int(generator.next() % UInt64(specials.count))] : UInt8(0x23 + generator.next() % 0x39)
            }
            bytes.withUnsafeBytes { buffer in
                for start in 0...length {
                    #expect(JSONPlainText.textEnd(in: buffer, from: start) == letterByLetter(bytes, from: start), "\(bytes) from \(start)")
                }
            }
        }
    }

    /// Where well-formed text ends, read a byte or a letter at a time.
    func letterByLetter(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start
        func continues(_ offset: Int) -> Bool { offset < bytes.count && bytes[offset] & 0xC0 == 0x80 }
        while index < bytes.count {
            let byte = bytes[index]
            if JSONPlainText.isPlain(byte) {
                index += 1
            } else if (0xC2...0xDF).contains(byte), continues(index + 1) {
                index += 2
            } else if (0xE1...0xEF).contains(byte), byte != 0xED, continues(index + 1), continues(index + 2) {
                index += 3
            } else {
                break
            }
        }
        return index
    }

    @Test func textEndsWhereALetterByLetterReadingEnds() {
        var generator = SeededGenerator(seed: 9)
        let pieces: [[UInt8]] = [
            Array("Đọc giáo trình chương một".utf8), Array("ab".utf8), [0x22], [0x5C], [0x0A], [0xC3], [0xE0, 0xA0, 0x80],
            [0xED, 0x9F, 0xBF], [0xF0, 0x9F, 0x98, 0x80], [0xC3, 0x28], [0xE1, 0x80], Array("情報".utf8), [0x7F], [0xFF],
            // Overlong and surrogate leads, leads never allowed, four-byte letters, and continuations out of place.
            [0xC0, 0x80], [0xC1, 0xBF], [0x80], [0xBF, 0xBF], [0xF5, 0x80], [0xF4, 0x8F, 0xBF, 0xBF],
            [0xC2, 0x80], [0xDF, 0xBF], [0xE1, 0x80, 0x80], [0xEF, 0xBF, 0xBF], [0xEE, 0x80], Array("ậ ư ơ đ Ă".utf8),
        ]
        for _ in 0..<3_000 {
            let bytes = (0..<Int(generator.next() % 14)).flatMap { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }
            bytes.withUnsafeBytes { buffer in
                for start in 0...bytes.count {
                    #expect(JSONPlainText.textEnd(in: buffer, from: start) == letterByLetter(bytes, from: start), "\(bytes) from \(start)")
                }
            }
        }
    }

    /// Bytes of every value, ASCII and letters among them, so that each eight-byte word mixes them all.
    @Test func anyBytesEndWhereALetterByLetterReadingEnds() {
        var generator = SeededGenerator(seed: 10)
        for _ in 0..<3_000 {
            let bytes = (0..<Int(generator.next() % 30)).map { _ -> UInt8 in
                switch generator.next() % 4 {
                case 0: UInt8(truncatingIfNeeded: generator.next())
                case 1: UInt8(0x80 + generator.next() % 0x40)
                case 2: UInt8(0xC0 + generator.next() % 0x40)
                default: UInt8(0x20 + generator.next() % 0x60)
                }
            }
            bytes.withUnsafeBytes { buffer in
                for start in 0...bytes.count {
                    #expect(JSONPlainText.textEnd(in: buffer, from: start) == letterByLetter(bytes, from: start), "\(bytes) from \(start)")
                }
            }
        }
    }
}
