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
        #expect(PathCompletion.complete(LocalPath(root + "/ess"), home: "/").completed.path == root + "/essays/")
        #expect(PathCompletion.complete(LocalPath(root + "/essays/f"), home: "/").completed.path == root + "/essays/final.pdf")
    }

    @Test func severalMatchesCompleteTheSharedPartAndListThem() {
        let result = PathCompletion.complete(LocalPath(root + "/e"), home: "/")
        #expect(result.completed.path == root + "/e")
        #expect(result.candidates == ["essays", "exams"])
        #expect(PathCompletion.complete(LocalPath(root + "/ex"), home: "/").completed.path == root + "/exams/")
    }

    @Test func tildeMeansHomeAndIsKept() {
        #expect(PathCompletion.complete(LocalPath("~/no"), home: root).completed.path == "~/notes.md")
        #expect(PathCompletion.expand("~/notes.md", home: root) == LocalPath(root + "/notes.md"))
    }

    @Test func hiddenFilesOnlyWhenAskedFor() {
        #expect(PathCompletion.complete(LocalPath(root + "/"), home: "/").candidates == ["essays", "exams", "notes.md"])
        #expect(PathCompletion.complete(LocalPath(root + "/.h"), home: "/").completed.path == root + "/.hidden")
    }

    @Test func noMatchLeavesThePathAlone() {
        let result = PathCompletion.complete(LocalPath(root + "/zzz"), home: "/")
        #expect(result == PathCompletion(completed: LocalPath(root + "/zzz"), candidates: []))
    }
}
