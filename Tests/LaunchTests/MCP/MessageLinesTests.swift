@testable import Launch
import Testing

/// The server's input cut into messages: one a line, a CR before the break dropped, and a line
/// too long to keep skipped to its end without being held.
@Suite struct MessageLinesTests {
    static func lines(_ chunks: [String], longest: Int = 16) -> [String] {
        var splitter = MessageLines.Splitter(longest: longest)
        var lines = chunks.flatMap { splitter.take(Array($0.utf8)[...]) }
        if let last = splitter.finish() { lines.append(last) }
        return lines.map { line in
            switch line {
            case let .message(bytes): String(decoding: bytes, as: UTF8.self)
            case let .tooLong(bytes): "<\(bytes) bytes>"
            }
        }
    }

    @Test func linesAreCutAtBreaksWhereverTheReadsEnd() {
        #expect(Self.lines(["{\"a\":1}\n{\"b\"", ":2}\r\n", "\n{}"]) == ["{\"a\":1}", "{\"b\":2}", "", "{}"])
    }

    @Test func aLineLongerThanTheLimitIsSkippedToItsEndAndTheNextIsRead() {
        let long = String(repeating: "x", count: 40)
        #expect(Self.lines([String(long.prefix(10)), long.dropFirst(10) + "\nok\n"]) == ["<40 bytes>", "ok"])
        #expect(Self.lines([String(repeating: "y", count: 16) + "\n"]) == [String(repeating: "y", count: 16)], "the limit itself is kept")
        #expect(Self.lines([long]) == ["<40 bytes>"], "one without a break at the end too")
    }
}
