import Foundation
import Testing
@testable import CourseKit

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
        #expect(throws: CatalogError.missing(path: path)) { try CatalogFile.read(path) }
    }

    @Test func aFolderIsNotACatalog() {
        #expect(throws: CatalogError.unreadable(path: folder.path, reason: "it is a folder")) {
            try CatalogFile.read(folder.path)
        }
    }

    @Test(.enabled(if: geteuid() != 0, "root can read any file"))
    func anUnreadableFileSaysPermissionDenied() throws {
        let path = try write("{}", to: "locked.json")
        chmod(path, 0)
        #expect(throws: CatalogError.unreadable(path: path, reason: "permission denied")) { try CatalogFile.read(path) }
    }

    @Test func theFileIsReadAgainOnEveryRequestSoAFixIsPickedUp() async throws {
        let path = try write("{\"courses\": [", to: "courses.json")
        let client = CourseClient.file(path)
        await #expect(throws: CatalogError.self) { try await client.coursesPage(nil) }
        _ = try write(#"{"courses": [{"id": 1, "name": "Fixed"}]}"#, to: "courses.json")
        let page = try await client.coursesPage(nil)
        #expect(page.items.map(\.name) == ["Fixed"])
        #expect(page.next == nil)
        #expect(try await client.course(CourseID(1)).name == "Fixed")
    }
}
