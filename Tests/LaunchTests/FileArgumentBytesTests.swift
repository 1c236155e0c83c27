import Testing
import CourseKit
@testable import Launch

/// File arguments reach the queue as the bytes the system gave, not as text that lost them.
struct FileArgumentBytesTests {
    static let latin1: [UInt8] = Array("f".utf8) + [0xE9] + Array(".txt".utf8)

    @Test func uploadAndSubmitKeepEachFileArgumentsExactBytes() throws {
        let upload = try LaunchOptions.parse(bytes: ["upload", "--course", "7", "--"].map { Array($0.utf8) } + [Self.latin1, Array("-odd.txt".utf8)])
        #expect(upload.command == .upload(files: [LocalPath(bytes: Self.latin1), "-odd.txt"]))
        let submit = try LaunchOptions.parse(bytes: ["submit", "--course", "7", "--assignment", "9"].map { Array($0.utf8) } + [Self.latin1])
        #expect(submit.command == .submit(files: [LocalPath(bytes: Self.latin1)]))
    }

    @Test func anythingElseIsReadAsTextAsBefore() throws {
        #expect(throws: UsageError("unexpected argument 'f\\xE9.txt'")) {
            try LaunchOptions.parse(bytes: [Array("queue".utf8), Self.latin1])
        }
        let options = try LaunchOptions.parse(bytes: [Array("--data-dir".utf8), Self.latin1])
        #expect(options.dataDirectory == "f\u{FFFD}.txt")
    }
}
