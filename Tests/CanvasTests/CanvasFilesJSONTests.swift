import Foundation
import Testing
@testable import CanvasJSON
import CourseKit

/// Files and folders as canvas-lms's `attachment_json` and `folders_json` write them.
struct CanvasFilesJSONTests {
    private func decode<Value: Decodable>(_ type: Value.Type, _ text: String) throws -> Value {
        try JSONDecoder().decode(type, from: Data(text.utf8))
    }

    @Test func aDownloadableFileKeepsItsAddressSizeAndDates() throws {
        let json = #"""
        {"id": 569, "uuid": "SUj23659sdfASF35h265kf352YTdnC4", "folder_id": 4207, "display_name": "Lecture 1.pdf",
         "filename": "Lecture+1.pdf", "content-type": "application/pdf",
         "url": "https://school.example/files/569/download?download_frd=1&verifier=SUj2", "size": 43451,
         "created_at": "2012-07-06T14:58:50Z", "updated_at": "2012-07-06T14:58:50Z", "unlock_at": null,
         "locked": false, "hidden": false, "lock_at": null, "hidden_for_user": false, "thumbnail_url": null,
         "modified_at": "2012-07-06T14:58:50Z", "mime_class": "pdf", "media_entry_id": null, "locked_for_user": false}
        """#
        let file = try decode(CanvasFile.self, json).file
        #expect(file.id == "569")
        #expect(file.folderID == "4207")
        #expect(file.name == "Lecture 1.pdf")
        #expect(file.size == 43451)
        #expect(file.contentType == "application/pdf")
        #expect(file.updatedAt == Date(timeIntervalSince1970: 1_341_586_730))
        #expect(file.downloadURL?.absoluteString == "https://school.example/files/569/download?download_frd=1&verifier=SUj2")
        #expect(!file.isLocked)
        #expect(file.lockExplanation == nil)
    }

    @Test func aFileLockedForTheUserHasNoAddressAndSaysWhy() throws {
        let json = #"""
        {"id": "570", "folder_id": "4207", "display_name": "Exam rules.pdf", "url": "", "size": 2048,
         "updated_at": "2026-11-25T09:30:00Z", "locked": false, "unlock_at": "2026-12-09T08:00:00Z",
         "locked_for_user": true, "lock_info": {"asset_string": "attachment_570"},
         "lock_explanation": "This file is locked until Dec 9 at 08:00."}
        """#
        let file = try decode(CanvasFile.self, json).file
        #expect(file.id == "570")
        #expect(file.folderID == "4207")
        #expect(file.isLocked)
        #expect(file.downloadURL == nil)
        #expect(file.lockExplanation == "This file is locked until Dec 9 at 08:00.")
    }

    @Test func aFileWithoutAnAddressCantBeDownloadedEvenWhenNotMarkedLocked() throws {
        let file = try decode(CanvasFile.self, #"{"id": 1, "display_name": "a.txt", "locked_for_user": false}"#).file
        #expect(file.isLocked)
        #expect(file.downloadURL == nil)
        #expect(file.lockExplanation != nil)
    }

    @Test func oddFieldsLoseOnlyThemselves() throws {
        let json = #"{"id": 9, "display_name": 12, "filename": "notes.txt", "size": "big", "folder_id": {"x": 1}, "url": "javascript:alert(1)"}"#
        let file = try decode(CanvasFile.self, json).file
        #expect(file.name == "notes.txt")
        #expect(file.size == nil)
        #expect(file.folderID == nil)
        // Only an http(s) address is one to fetch.
        #expect(file.downloadURL == nil)
        #expect(file.isLocked)
    }

    @Test func aListKeepsItsGoodRowsWhenOneCantBeRead() throws {
        let rows = try decode([CanvasListRow<CanvasFile>].self, #"[{"id": 1, "display_name": "a"}, {"id": null}, "junk", {"id": "3", "display_name": "c"}]"#)
        #expect(rows.compactMap(\.element).map(\.file.name) == ["a", "c"])
    }

    @Test func aFolderKeepsItsPathAndParent() throws {
        let json = #"""
        [{"context_type": "Course", "context_id": 1401, "files_count": 0, "position": 3, "updated_at": "2012-07-06T14:58:50Z",
          "folders_url": "https://school.example/api/v1/folders/2937/folders", "files_url": "https://school.example/api/v1/folders/2937/files",
          "full_name": "course files/11folder", "lock_at": null, "id": 2937, "folders_count": 0, "name": "11folder",
          "parent_folder_id": 2934, "created_at": "2012-07-06T14:58:50Z", "unlock_at": null, "hidden": false,
          "hidden_for_user": false, "locked": false, "locked_for_user": false, "for_submissions": false},
         {"id": "2934", "name": "course files", "full_name": "course files", "parent_folder_id": null, "hidden_for_user": true}]
        """#
        let folders = try decode([CanvasFolder].self, json)
        #expect(folders.map(\.folder) == [
            CourseFolder(id: "2937", parentID: "2934", fullName: "course files/11folder"),
            CourseFolder(id: "2934", parentID: nil, fullName: "course files"),
        ])
        #expect(folders.map(\.isHiddenForUser) == [false, true])
        #expect(folders[0].folder.pathBelowTop == ["11folder"])
    }

    @Test func aModuleItemOfTypeFileNamesItsFile() throws {
        let json = #"""
        [{"id": 10, "type": "File", "title": "Slides", "content_id": 2000202},
         {"id": 11, "type": "Assignment", "title": "Homework", "content_id": 500021},
         {"id": 12, "type": "File", "title": "Broken", "content_id": {"no": 1}}]
        """#
        let items = try decode([CanvasModule.Item].self, json).map(\.item)
        #expect(items.map(\.fileID) == ["2000202", nil, nil])
    }
}
