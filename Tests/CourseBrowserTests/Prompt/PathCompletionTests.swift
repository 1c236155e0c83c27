import Foundation
import Testing
@testable import CourseBrowser
import CourseKit
import HTMLText
import TerminalUI
import TestSupport

struct PathCompletionTests {
    let root: String

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("complete-\(UUID().uuidString)").path
        for folder in ["essays", "exams"] {
            try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
        for file in ["essays/final.pdf", "essays/draft.txt", "notes.md", ".hidden"] {
            _ = FileManager.default.createFile(atPath: root + "/" + file, contents: Data("x".utf8))
        }
    }

    @Test func aSingleMatchCompletesAndAFolderGetsASlash() {
        #expect(PathCompletion.complete(root + "/ess", home: "/").completed == root + "/essays/")
        #expect(PathCompletion.complete(root + "/essays/f", home: "/").completed == root + "/essays/final.pdf")
    }

    @Test func severalMatchesCompleteTheSharedPartAndListThem() {
        let result = PathCompletion.complete(root + "/e", home: "/")
        #expect(result.completed == root + "/e")
        #expect(result.candidates == ["essays", "exams"])
        #expect(PathCompletion.complete(root + "/ex", home: "/").completed == root + "/exams/")
    }

    @Test func tildeMeansHomeAndIsKept() {
        #expect(PathCompletion.complete("~/no", home: root).completed == "~/notes.md")
        #expect(PathCompletion.expand("~/notes.md", home: root) == root + "/notes.md")
    }

    @Test func hiddenFilesOnlyWhenAskedFor() {
        #expect(PathCompletion.complete(root + "/", home: "/").candidates == ["essays", "exams", "notes.md"])
        #expect(PathCompletion.complete(root + "/.h", home: "/").completed == root + "/.hidden")
    }

    @Test func noMatchLeavesThePathAlone() {
        let result = PathCompletion.complete(root + "/zzz", home: "/")
        #expect(result == PathCompletion(completed: root + "/zzz", candidates: []))
    }
}
