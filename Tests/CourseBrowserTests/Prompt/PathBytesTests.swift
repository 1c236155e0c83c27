import Foundation
import Glibc
import Testing
@testable import CourseBrowser
import CourseKit
import TerminalUI
import TestSupport

/// The upload prompt with names that are not UTF-8: written `\xNN`, completed by Tab, queued by their bytes.
struct PathBytesTests {
    let root: String

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("bytes-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    /// `<root>/<name>` as bytes.
    func path(_ name: [UInt8]) -> LocalPath {
        LocalPath(bytes: Array((root + "/").utf8) + name)
    }

    /// Creates an empty file at exactly `path`.
    func create(_ path: LocalPath) throws {
        let descriptor = try #require(path.withCString { open($0, O_WRONLY | O_CREAT | O_EXCL, 0o600) })
        try #require(descriptor >= 0)
        close(descriptor)
    }

    func typed(_ text: String, then keys: [Key] = []) -> UploadPrompt {
        var prompt = UploadPrompt()
        for character in text { _ = prompt.handle(.character(character), home: "/") }
        for key in keys { _ = prompt.handle(key, home: "/") }
        return prompt
    }

    @Test func backslashXAndTwoHexDigitsIsAByteOutsideSingleQuotes() {
        #expect(PathList.split(#"/tmp/f\xE9.txt"#, home: "/") == [LocalPath(bytes: Array("/tmp/f".utf8) + [0xE9] + Array(".txt".utf8))])
        #expect(PathList.split(#""a\xff b""#, home: "/") == [LocalPath(bytes: [0x61, 0xFF, 0x20, 0x62])])
        #expect(PathList.split(#"'f\xE9.txt'"#, home: "/") == [#"f\xE9.txt"#], "single quotes keep every character")
        #expect(PathList.split(#"f\\xE9.txt"#, home: "/") == [#"f\xE9.txt"#], "an escaped backslash is a backslash")
        #expect(PathList.split(#"\xZ9 \x4"#, home: "/") == ["xZ9", "x4"], "without two hex digits it is x, as in a shell")
    }

    @Test func anyPathEscapedReadsBackAsTheSameBytes() {
        var generator = SeededGenerator(seed: 11)
        let alphabet: [UInt8] = [0x20, 0x22, 0x27, 0x5C, 0x78, 0x45, 0x39, 0x61, 0xC3, 0xA9, 0xE9, 0xFF, 0xF0, 0x9F, 0x98, 0x80, 0x7E]
        for _ in 0..<500 {
            let length = Int(generator.next() % 9) + 1
            let bytes = (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            let path = LocalPath(bytes: bytes)
            #expect(PathList.split(PathList.escaped(path), home: "/") == [path], "\(bytes) as \(PathList.escaped(path))")
        }
    }

    @Test func tabListsNamesInAnotherEncodingEscapedAndCompletesTheOneTyped() throws {
        try create(path(Array("f".utf8) + [0xE9] + Array(".txt".utf8)))
        try create(path(Array("f".utf8) + [0xE8] + Array(".txt".utf8)))
        let listing = typed(root + "/f", then: [.tab])
        #expect(listing.editor.text == root + "/f")
        #expect(listing.candidates == [#"f\xE8.txt"#, #"f\xE9.txt"#])

        var prompt = typed(root + #"/f\xE9"#, then: [.tab])
        #expect(prompt.editor.text == root + #"/f\xE9.txt "#)
        #expect(prompt.handle(.enter, home: "/") == .submit(paths: [path(Array("f".utf8) + [0xE9] + Array(".txt".utf8))]))
    }

    @Test func aSingleNameInAnotherEncodingCompletesWhole() throws {
        let name: [UInt8] = Array("g".utf8) + [0xFF, 0x20] + Array(".bin".utf8)
        try create(path(name))
        #expect(typed(root + "/g", then: [.tab]).editor.text == root + #"/g\xFF\ .bin "#)
    }

    @Test func namesThatDifferInsideACharacterShareNoneOfIt() throws {
        try create(LocalPath(root + "/fé.txt"))
        try create(LocalPath(root + "/fè.txt"))
        let prompt = typed(root + "/f", then: [.tab])
        #expect(prompt.editor.text == root + "/f", "not half of é")
        #expect(prompt.candidates == ["fè.txt", "fé.txt"])
    }
}
