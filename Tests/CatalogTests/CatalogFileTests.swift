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
}
