import Foundation
import Testing
@testable import CourseBrowser
import CourseKit
import TerminalUI

struct PathListTests {
    let root: String

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("paths-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        for file in ["My essay.pdf", "lab.py", "lab notes.txt"] {
            _ = FileManager.default.createFile(atPath: root + "/" + file, contents: Data("x".utf8))
        }
    }

    @Test func spacesSeparateAndEscapesOrQuotesKeepThemInAPath() {
        #expect(PathList.split("a.pdf  b.pdf", home: "/") == ["a.pdf", "b.pdf"])
        #expect(PathList.split(#"My\ essay.pdf 'lab notes.txt' "it's.md""#, home: "/") == ["My essay.pdf", "lab notes.txt", "it's.md"])
        #expect(PathList.split(#"a\\b 'unclosed quote"#, home: "/") == [#"a\b"#, "unclosed quote"])
        #expect(PathList.split("   ", home: "/").isEmpty)
    }

    @Test func aPlainLineNamingOneFileWithSpacesIsThatFile() {
        #expect(PathList.split(root + "/My essay.pdf", home: "/") == [LocalPath(root + "/My essay.pdf")])
        #expect(PathList.split(root + "/lab.py " + root + "/My essay.pdf", home: "/") == [LocalPath(root + "/lab.py"), LocalPath(root + "/My"), "essay.pdf"],
                "several paths are split, as typed")
    }

    @Test func escapingRoundTrips() {
        for path: LocalPath in ["/tmp/My essay.pdf", #"/tmp/quote's "and" back\slash"#, "plain.txt"] {
            #expect(PathList.split(PathList.escaped(path), home: "/") == [path])
        }
    }

    @Test func tabCompletesTheLastPathEscapedAndMovesOnToTheNext() {
        var prompt = UploadPrompt()
        for character in root + "/lab.py " + root + "/My" { _ = prompt.handle(.character(character), home: "/") }
        _ = prompt.handle(.tab, home: "/")
        #expect(prompt.editor.text == root + "/lab.py " + PathList.escaped(LocalPath(root + "/My essay.pdf")) + " ")
        #expect(prompt.handle(.enter, home: "/") == .submit(paths: [LocalPath(root + "/lab.py"), LocalPath(root + "/My essay.pdf")]))
    }

    @Test func tabListsTheNamesWhenSeveralMatch() {
        var prompt = UploadPrompt()
        for character in root + "/la" { _ = prompt.handle(.character(character), home: "/") }
        _ = prompt.handle(.tab, home: "/")
        #expect(prompt.editor.text == root + "/lab")
        #expect(prompt.candidates == ["lab notes.txt", "lab.py"])
    }
}
