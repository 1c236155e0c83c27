import Foundation
import Testing
@testable import CanvasJSON
@testable import Catalog
import CourseKit
import TestSupport

struct CatalogFileTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func write(_ text: String, to name: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test func aMissingFileIsNamed() {
        let path = folder.appendingPathComponent("absent.json").path
        #expect(throws: CatalogError.missing(path: path)) { try CatalogFile.Cache().index(path) }
    }

    @Test func aFolderIsNotACatalog() {
        #expect(throws: CatalogError.unreadable(path: folder.path, reason: "it is a folder")) {
            try CatalogFile.Cache().index(folder.path)
        }
    }

    @Test(.enabled(if: geteuid() != 0, "root can read any file"))
    func anUnreadableFileSaysPermissionDenied() throws {
        let path = try write("{}", to: "locked.json")
        chmod(path, 0)
        #expect(throws: CatalogError.unreadable(path: path, reason: "permission denied")) { try CatalogFile.Cache().index(path) }
    }

    @Test func theFileIsReadAgainOnEveryRequestSoAFixIsPickedUp() async throws {
        let path = try write("{\"courses\": [", to: "courses.json")
        let client = CourseClient.file(path, clock: .live)
        await #expect(throws: CatalogError.self) { try await client.coursesPage(.current, nil, .ignored) }
        _ = try write(#"{"courses": [{"id": 1, "name": "Fixed"}]}"#, to: "courses.json")
        let page = try await client.coursesPage(.current, nil, .ignored)
        #expect(page.items.map(\.name) == ["Fixed"])
        #expect(page.next == nil)
        #expect(try await client.course(CourseID(1), .ignored).name == "Fixed")
    }

    @Test func anUnchangedFileIsReadOnceAndAChangedOneAgain() throws {
        let path = try write(#"{"courses": [{"id": 1, "name": "First"}]}"#, to: "cached.json")
        let cache = CatalogFile.Cache()
        #expect(try cache.index(path).courses(in: .all, at: Date()).map(\.name) == ["First"])
        _ = try cache.index(path)
        #expect(cache.reads == 1)
        // The same size, so only the time of the change tells the versions apart.
        _ = try write(#"{"courses": [{"id": 1, "name": "Fixed"}]}"#, to: "cached.json")
        var times = [timespec(tv_sec: 1_800_000_000, tv_nsec: 0), timespec(tv_sec: 1_800_000_000, tv_nsec: 0)]
        utimensat(AT_FDCWD, path, &times, 0)
        #expect(try cache.index(path).courses(in: .all, at: Date()).map(\.name) == ["Fixed"])
        #expect(cache.reads == 2)
        try FileManager.default.removeItem(atPath: path)
        #expect(throws: CatalogError.missing(path: path)) { try cache.index(path) }
    }

    @Test func eachViewShowsItsCoursesAndSkippedOnesAreReported() async throws {
        let path = try write(#"""
            {"courses": [
              {"id": 1, "name": "Now", "end_at": "2100-01-01T00:00:00Z", "is_favorite": true},
              {"id": 2, "name": "Done", "workflow_state": "completed"},
              {"id": 3, "name": "Past", "term": {"name": "Spring", "end_at": "2001-01-01T00:00:00Z"}},
              {"id": 1.5, "name": "Half"}
            ]}
            """#, to: "views.json")
        let client = CourseClient.file(path, clock: .live)
        let current = try await client.coursesPage(.current, nil, .ignored)
        #expect(current.items.map(\.name) == ["Now"])
        #expect(current.skipped == ["Skipped a course: courses[3].id: the ID 1.5 is not a whole number"])
        #expect(try await client.coursesPage(.favorites, nil, .ignored).items.map(\.name) == ["Now"])
        #expect(try await client.coursesPage(.all, nil, .ignored).items.map(\.name) == ["Now", "Done", "Past"])
    }

    /// A few megabytes, so the file is read in several chunks and its courses in batches.
    func bigCatalog(courses: Int) -> String {
        let syllabus = String(repeating: "<p>Tuần học &amp; bài tập — \\\"quoted\\\"</p>", count: 60)
        let list = (0..<courses).map { index in
            #"{"id": \#(index), "name": "Khóa \#(index)", "syllabus_body": "\#(syllabus) \#(index)", "modules": [{"id": \#(index), "name": "M", "position": 1}]}"#
        }
        return #"{"courses": ["# + list.joined(separator: ",\n") + "]}"
    }

    @Test func aFileReadInChunksListsAndOpensAsTheWholeDocumentDoes() throws {
        let text = bigCatalog(courses: 2_500)
        let path = try write(text, to: "big.json")
        #expect(text.utf8.count > 3 << 20)
        let index = try CatalogFile.Cache().index(path)
        let whole = try CatalogIndex(Data(text.utf8), source: path)
        #expect(index.courses(in: .all, at: Date()) == whole.courses(in: .all, at: Date()))
        for id in [0, 1, 1_234, 2_499].map(CourseID.init) {
            #expect(try index.syllabus(id) == whole.syllabus(id))
            #expect(try index.modules(id) == whole.modules(id))
        }
    }

    @Test func aCourseOpenedAfterTheFileChangedAsksForAReread() throws {
        let path = try write(#"{"courses": [{"id": 1, "name": "First", "syllabus_body": "<p>old</p>"}]}"#, to: "changing.json")
        let cache = CatalogFile.Cache()
        let index = try cache.index(path)
        _ = try write(#"{"courses": [{"id": 1, "name": "First", "syllabus_body": "<p>new!</p>"}]}"#, to: "changing.json")
        #expect(throws: CatalogError.unreadable(path: path, reason: "it changed while being read; press r to read it again")) {
            try index.syllabus(CourseID(1))
        }
        // What `r` does: ask the cache again, which sees the new version.
        #expect(try cache.index(path).syllabus(CourseID(1)) == "<p>new!</p>")
    }

    @Test func aCatalogCanComeThroughAPipe() async throws {
        let path = folder.appendingPathComponent("pipe.json").path
        #expect(mkfifo(path, 0o600) == 0)
        let text = bigCatalog(courses: 400)
        let writer = Thread {
            let handle = FileHandle(forWritingAtPath: path)
            // Small writes, so reads return pieces shorter than asked for.
            for piece in Array(text.utf8).chunked(by: 4_096) { handle?.write(Data(piece)) }
            try? handle?.close()
        }
        writer.start()
        let cache = CatalogFile.Cache()
        let index = try cache.index(path)
        #expect(index.courses(in: .all, at: Date()).count == 400)
        // Asked again (as opening a course does), the pipe, now empty, is not read again.
        #expect(try cache.index(path).courses(in: .all, at: Date()).count == 400)
        #expect(cache.reads == 1)
        #expect(index.courses(in: .all, at: Date()).last?.name == "Khóa 399")
        #expect(try index.syllabus(CourseID(399))?.hasSuffix(" 399") == true)
    }
}

extension Array {
    func chunked(by size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }
}
