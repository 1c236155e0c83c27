import CourseKit
import Foundation
@testable import Launch
import Testing

/// The root's wiring of course files: every backend has a file client, and downloads go where
/// `--download-dir` says.
struct LiveEnvironmentDownloadTests {
    static func services(_ arguments: [String]) throws -> LiveEnvironment.Services {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("cb-live-\(UUID().uuidString)")
        let options = try LaunchOptions.parse(arguments + ["--data-dir", home.appendingPathComponent("data").path])
        return try LiveEnvironment.make(options: options, processEnvironment: ["HOME": home.path])
    }

    @Test func theSampleListsItsFilesAndDownloadsGoWhereTheOptionSays() async throws {
        let services = try Self.services(["--download-dir", "/srv/course files"])
        let files = try await services.environment.fileClient.files(CourseID(10001), .ignored)
        #expect(files.files.map(\.name).contains("syllabus.txt"))
        #expect(files.files.contains { $0.isLocked })
        #expect(services.downloadDirectory.path == "/srv/course files")
    }

    @Test func aCatalogFileHasItsOwnFiles() async throws {
        let catalog = FileManager.default.temporaryDirectory.appendingPathComponent("cb-catalog-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: catalog) }
        try Data(#"{"courses": [{"id": 4, "name": "Art", "files": [{"id": "a", "name": "brief.txt", "folder": "Week 1", "text": "Draw."}]}]}"#.utf8)
            .write(to: catalog)
        let services = try Self.services(["--catalog", catalog.path])
        let files = try await services.environment.fileClient.files(CourseID(4), .ignored)
        #expect(files.files.map(\.name) == ["brief.txt"])
        #expect(files.files.first.map(files.folderPath(of:)) == ["Week 1"])
    }
}
