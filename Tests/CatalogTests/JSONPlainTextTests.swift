import Testing
@testable import CanvasJSON
import TestSupport

/// The eight-at-a-time scan stops exactly where a byte-by-byte one would.
struct JSONPlainTextTests {
    func byteByByte(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start
        while index < bytes.count, JSONPlainText.isPlain(bytes[index]) { index += 1 }
        return index - start
    }

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
                    #expect(JSONPlainText.count(in: buffer, from: start) == byteByByte(bytes, from: start), "\(bytes) from \(start)")
                }
            }
        }
    }
}
