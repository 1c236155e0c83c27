import Foundation
import Testing
@testable import Canvas
import CourseKit
import HTTP
import TestSupport

/// `FileClient.canvas`: both lists of a course's Files, every page, what the user may see.
struct CanvasFilesClientTests {
    let http = FakeHTTP()

    private func client() throws -> FileClient {
        .canvas(CanvasConnection(baseURL: try #require(URL(string: "https://school.example")), credentials: .test("s3cret"),
                                 http: http.client, clock: .fixed(Date(timeIntervalSince1970: 0)), analytics: .noOp))
    }

    private func folder(_ id: Int, _ fullName: String, parent: Int?, hidden: Bool = false) -> String {
        #"{"id": \#(id), "full_name": "\#(fullName)", "parent_folder_id": \#(parent.map(String.init) ?? "null"), "hidden_for_user": \#(hidden)}"#
    }

    private func file(_ id: Int, _ name: String, folder: Int, hidden: Bool = false) -> String {
        #"{"id": \#(id), "display_name": "\#(name)", "folder_id": \#(folder), "size": 10, "hidden_for_user": \#(hidden), "url": "https://school.example/files/\#(id)/download"}"#
    }

    @Test func bothListsAreReadToTheirLastPage() async throws {
        let next = { (path: String) in #"<https://school.example/api/v1/courses/2/\#(path)?page=2&per_page=100>; rel="next""# }
        http.on("/folders?page=2", .json("[\(folder(3, "course files/Readings", parent: 1))]"))
        http.on("/folders", .json("[\(folder(1, "course files", parent: nil)), \(folder(2, "course files/Lectures", parent: 1))]", link: next("folders")))
        http.on("/files?page=2", .json("[\(file(12, "b.pdf", folder: 3))]"))
        http.on("/files", .json("[\(file(11, "a.pdf", folder: 2))]", link: next("files")))
        let files = try await client().files(CourseID(2), .ignored)
        #expect(files.folders.map(\.fullName) == ["course files", "course files/Lectures", "course files/Readings"])
        #expect(files.files.map(\.name) == ["a.pdf", "b.pdf"])
        #expect(files.folderPath(of: files.files[1]) == ["Readings"])
        let paths = http.sentRequests.map { $0.url.path + "?" + ($0.url.query ?? "") }
        #expect(paths.contains("/api/v1/courses/2/folders?per_page=100"))
        #expect(paths.contains("/api/v1/courses/2/files?per_page=100"))
        #expect(http.sentRequests.count == 4)
        #expect(http.sentRequests.allSatisfy { $0.headers["Authorization"] == "Bearer s3cret" })
    }

    @Test func hiddenFoldersTheFoldersInThemAndHiddenFilesAreLeftOut() async throws {
        http.on("/folders", .json("""
        [\(folder(1, "course files", parent: nil)), \(folder(2, "course files/Solutions", parent: 1, hidden: true)),
         \(folder(3, "course files/Solutions/Week 1", parent: 2)), \(folder(4, "course files/Lectures", parent: 1))]
        """))
        http.on("/files", .json("""
        [\(file(11, "answers.pdf", folder: 2)), \(file(12, "deep.pdf", folder: 3)), \(file(13, "slides.pdf", folder: 4)),
         \(file(14, "secret.pdf", folder: 4, hidden: true)), \(file(15, "top.pdf", folder: 1))]
        """))
        let files = try await client().files(CourseID(2), .ignored)
        #expect(files.folders.map(\.id) == ["1", "4"])
        #expect(files.files.map(\.name) == ["slides.pdf", "top.pdf"])
    }

    @Test func filesClosedToTheUserSaySoInsteadOfNoCourse() async throws {
        http.on("/folders", .json("[]"))
        http.on("/files", .json(#"{"status": "unauthorized", "errors": [{"message": "user not authorized to perform that action"}]}"#, status: 401))
        await #expect(throws: CourseFilesClosed(course: CourseID(2))) { try await client().files(CourseID(2), .ignored) }
    }

    @Test func aBadTokenIsStillABadToken() async throws {
        http.on("/folders", .json(#"{"errors": [{"message": "Invalid access token."}]}"#, status: 401))
        http.on("/files", .json(#"{"errors": [{"message": "Invalid access token."}]}"#, status: 401))
        let error = await #expect(throws: CanvasError.self) { try await client().files(CourseID(2), .ignored) }
        guard case .invalidToken = error else {
            Issue.record("expected invalidToken, got \(String(describing: error))")
            return
        }
    }

    @Test func oneFileIsAskedOfItsCourse() async throws {
        http.on("/api/v1/courses/2/files/77", .json(file(77, "a.pdf", folder: 1)))
        let found = try await client().file(CourseID(2), "77")
        #expect(found.downloadURL?.absoluteString == "https://school.example/files/77/download")
        #expect(http.sentRequests.map(\.url.path) == ["/api/v1/courses/2/files/77"])
    }

    @Test func aFileNoLongerInTheCourseIsNotFound() async throws {
        http.on("/api/v1/courses/2/files/77", .json(#"{"errors": [{"message": "The specified resource does not exist."}]}"#, status: 404))
        await #expect(throws: FileNotFound(id: "77")) { try await client().file(CourseID(2), "77") }
    }
}
