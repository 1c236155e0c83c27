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
        #expect(Self.lines([long.prefix(10) + "", long.dropFirst(10) + "\nok\n"]) == ["<40 bytes>", "ok"])
        #expect(Self.lines([String(repeating: "y", count: 16) + "\n"]) == [String(repeating: "y", count: 16)], "the limit itself is kept")
        #expect(Self.lines([long]) == ["<40 bytes>"], "one without a break at the end too")
    }
}

/// What the server reads and writes of JSON, and the command lines it gives.
@Suite struct MCPJSONTests {
    @Test func aMessageIsOneLineAndReadsBackAsTheSameValue() throws {
        let value = PrettyJSON.Value.object([
            "id": .integer(7), "text": .string("two\nlines \"quoted\""), "list": .array([.bool(true), .null, .number(2.5)]), "empty": .object([:]),
        ])
        let line = PrettyJSON.line(value)
        #expect(!line.contains("\n"))
        #expect(line == #"{"empty":{},"id":7,"list":[true,null,2.5],"text":"two\nlines \"quoted\""}"#)
        #expect(try PrettyJSON.read(Array(line.utf8)) == value)
    }

    @Test func jsonNestedDeeperThanTheLimitIsRefusedBeforeItIsRead() {
        let deep = String(repeating: "[", count: PrettyJSON.deepestNesting + 1) + String(repeating: "]", count: PrettyJSON.deepestNesting + 1)
        #expect(throws: PrettyJSON.ReadingError.self) { try PrettyJSON.read(Array(deep.utf8)) }
        let inString = #"{"a":""# + String(repeating: "[", count: 500) + #""}"#
        #expect((try? PrettyJSON.read(Array(inString.utf8))) != nil, "brackets inside a string are text")
    }

    @Test func everyStringFromTheSiteIsCleanedOfWhatATerminalActsOnLineBreaksKept() {
        let hostile = PrettyJSON.Value.object(["ti\u{1B}]0;x\u{7}tle": .array([.string("line one\n\u{1B}[31mred\u{202E}txt")])])
        #expect(hostile.sanitized == .object(["title": .array([.string("line one\nredtxt")])]), "the title sequence, the colour and the override go")
    }

    @Test func aCommandLineQuotesWhatAShellWouldReadOtherwise() {
        #expect(ShellWord.quoted("--course") == "--course")
        #expect(ShellWord.quoted("/home/an/essay draft.pdf") == "'/home/an/essay draft.pdf'")
        #expect(ShellWord.quoted("it's $HOME") == #"'it'\''s $HOME'"#)
        #expect(ShellWord.quoted("") == "''")
        #expect(ShellWord.quoted("bài-tập.pdf") == "'bài-tập.pdf'")
    }
}
