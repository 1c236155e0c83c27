import CourseKit
import Foundation
@testable import Moodle
import Testing

/// A course's files (`FileClient.moodle`, `MoodleFiles`): those of its resource and folder
/// modules, a folder per section, a folder module's subfolders kept, each file found again by
/// its ID with one module's contents.
struct MoodleFilesTests {
    let http = MoodleScriptedHTTP()

    var client: FileClient { .moodle(TestSite.connection(http)) }

    func files() async throws -> CourseFiles {
        http.on("core_course_get_contents", json: ContentsFixtures.course)
        return try await client.files(CourseID(5), .ignored)
    }

    @Test func everySectionWithFilesIsAFolderAndAFolderModuleKeepsItsSubfolders() async throws {
        let tree = try await files()
        #expect(tree.folders.map(\.id) == [
            "top", "section:12", "module:45", "module:43", "module:43:/code/", "module:43:/code/lib/", "section:14",
        ])
        #expect(tree.folders.map(\.fullName) == [
            "Course files", "Course files/Week 1 & intro", "Course files/Week 1 & intro/Lecture 1", "Course files/Week 1 & intro/Lab code",
            "Course files/Week 1 & intro/Lab code/code", "Course files/Week 1 & intro/Lab code/code/lib", "Course files/Week 2-3 & review",
        ])
        #expect(tree.folders.map(\.parentID) == [nil, "top", "section:12", "section:12", "module:43", "module:43:/code/", "top"])
        #expect(!tree.folders.contains { $0.fullName.contains("General") }, "a section without files has no folder")
    }

    @Test func everyFileIsNamedByItsModuleAndItsPath() async throws {
        let tree = try await files()
        #expect(tree.files.map(\.id) == [
            "42/notes.pdf", "45/lecture 1.pdf", "45/extra.zip", "43/README.md", "43/code/main.swift", "43/code/lib/util.swift", "51/handout.pdf",
        ])
        #expect(tree.files.map(\.folderID) == [
            "section:12", "module:45", "module:45", "module:43", "module:43:/code/", "module:43:/code/lib/", "section:14",
        ])
        #expect(!tree.files.contains { $0.name == "index.html" || $0.name == "Course website" }, "pages and links are no course files")
        let util = try #require(tree.files.first { $0.name == "util.swift" })
        #expect(tree.folderPath(of: util) == ["Week 1 & intro", "Lab code", "code", "lib"])
    }

    @Test func aFileCarriesItsSizeDateTypeAndAddresses() async throws {
        let tree = try await files()
        let notes = try #require(tree.files.first)
        #expect(notes.name == "notes.pdf")
        #expect(notes.size == 12345)
        #expect(notes.updatedAt == Date(timeIntervalSince1970: 1_756_900_000))
        #expect(notes.contentType == "application/pdf")
        #expect(notes.downloadURL?.absoluteString == "https://learn.example.edu/webservice/pluginfile.php/103/mod_resource/content/1/notes.pdf?forcedownload=1")
        #expect(notes.htmlURL?.absoluteString == "https://learn.example.edu/mod/resource/view.php?id=42")
        #expect(!notes.isLocked)
        #expect(tree.files.allSatisfy { $0.downloadURL?.query?.contains("token") == false }, "the token is added only when downloading")
        let main = try #require(tree.files.first { $0.name == "main.swift" })
        #expect(main.size == 300)
        #expect(main.updatedAt == Date(timeIntervalSince1970: 1_757_000_000))
        #expect(main.downloadURL?.absoluteString == "https://learn.example.edu/webservice/pluginfile.php/104/mod_folder/content/1/code/main.swift?forcedownload=1")
        let lecture = try #require(tree.files.first { $0.id == "45/lecture 1.pdf" })
        #expect(lecture.downloadURL?.path == "/webservice/pluginfile.php/106/mod_resource/content/1/lecture 1.pdf")
    }

    @Test func oneFileIsFoundAgainWithItsModulesContentsAlone() async throws {
        http.on("core_course_get_contents", json: ContentsFixtures.labCodeOnly)
        let file = try await client.file(CourseID(5), "43/code/main.swift")
        #expect(file.id == "43/code/main.swift")
        #expect(file.size == 300)
        #expect(file.folderID == "module:43:/code/")
        let sent = try #require(http.calls("core_course_get_contents").first)
        #expect(sent.form.dropFirst().map { "\($0.0)=\($0.1)" } == ["courseid=5", "options[0][name]=cmid", "options[0][value]=43"])
    }

    @Test func aFileTheModuleNoLongerHasIsNotFound() async throws {
        http.on("core_course_get_contents", json: ContentsFixtures.labCodeOnly)
        let error = await thrownError { _ = try await client.file(CourseID(5), "43/code/gone.swift") }
        #expect(error as? FileNotFound == FileNotFound(id: "43/code/gone.swift"))
    }

    @Test func anIDThatNamesNoModuleIsNotFoundWithoutAsking() async throws {
        let error = await thrownError { _ = try await client.file(CourseID(5), "notes.pdf") }
        #expect(error as? FileNotFound == FileNotFound(id: "notes.pdf"))
        #expect(http.requests.isEmpty)
    }

    @Test func theModuleOfAFileIDIsItsFirstPart() {
        #expect(MoodleFiles.module(ofFileID: "43/code/main.swift") == 43)
        #expect(MoodleFiles.module(ofFileID: "42/notes.pdf") == 42)
        #expect(MoodleFiles.module(ofFileID: "x/notes.pdf") == nil)
        #expect(MoodleFiles.module(ofFileID: "") == nil)
    }
}
