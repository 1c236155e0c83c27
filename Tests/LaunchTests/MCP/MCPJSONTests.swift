import Foundation
@testable import Launch
import Testing

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

    @Test func aPathIsMadeWholeAsTheCommandMayRunElsewhere() {
        #expect(HandInPreparation.located("/tmp/a b.pdf") == "/tmp/a b.pdf")
        let directory = FileManager.default.currentDirectoryPath
        #expect(HandInPreparation.located("essays/a.pdf") == (directory == "/" ? "" : directory) + "/essays/a.pdf")
        #expect(HandInPreparation.located("~/a.pdf", home: "/home/an") == "/home/an/a.pdf", "from the home the environment gives")
        #expect(HandInPreparation.hiddenCharacters(in: "/tmp/essay\u{202E}fdp.exe") != nil)
        #expect(HandInPreparation.hiddenCharacters(in: "/tmp/a\tb.pdf") != nil)
        #expect(HandInPreparation.hiddenCharacters(in: "/tmp/bài tập.pdf") == nil)
    }

    @Test func aCommandLineQuotesWhatAShellWouldReadOtherwise() {
        #expect(ShellWord.quoted("--course") == "--course")
        #expect(ShellWord.quoted("/home/an/essay draft.pdf") == "'/home/an/essay draft.pdf'")
        #expect(ShellWord.quoted("it's $HOME") == #"'it'\''s $HOME'"#)
        #expect(ShellWord.quoted("") == "''")
        #expect(ShellWord.quoted("bài-tập.pdf") == "'bài-tập.pdf'")
    }
}
