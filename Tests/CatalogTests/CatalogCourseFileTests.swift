import Foundation
import Testing
@testable import Catalog
import CourseKit
import TestSupport

/// A catalog course's `files`: read when asked for, folders made from their paths, dated from
/// the reading's day, and served by the catalog transport, resuming where a part stopped.
struct CatalogCourseFileTests {
    /// 2027-01-15 12:00 UTC.
    static let now = Date(timeIntervalSince1970: 1_800_014_400 - 86_400 + 43_200)
    static let json = #"""
        {"courses": [{"id": 1, "name": "Biology", "course_code": "BIO 1", "files": [
          {"id": "f1", "name": "syllabus.txt", "updated_days_ago": 3, "text": "Welcome\n"},
          {"id": 2, "name": "week1.txt", "folder": "Lectures/Week 1", "text": "cells", "updated_at": "2027-01-02T08:00:00Z"},
          {"id": "f3", "name": "slides.bin", "folder": "/Lectures/", "size": 100},
          {"id": "f4", "name": "exam.txt", "folder": "Exams", "text": "secret", "locked": "Locked until the exam is graded."},
          {"id": "f1", "name": "again.txt", "text": "a second file with the first one's ID"}]},
         {"id": 2, "name": "Chemistry"}]}
        """#

    func index() throws -> CatalogIndex {
        try CatalogIndex(Data(Self.json.utf8), source: "test.json")
    }

    @Test func theyAreListedWithFoldersMadeFromTheirPaths() throws {
        let files = try index().files(CourseID(1), at: Self.now)
        #expect(files.folders.map(\.fullName) == ["course files", "course files/Lectures", "course files/Lectures/Week 1", "course files/Exams"])
        #expect(files.folders.map(\.parentID) == [nil, "folder:", "folder:Lectures", "folder:"])
        #expect(files.files.map(\.id) == ["f1", "2", "f3", "f4"], "an ID given twice keeps its first file")
        #expect(files.files.map { files.folderPath(of: $0) } == [[], ["Lectures", "Week 1"], ["Lectures"], ["Exams"]])
        #expect(files.files.map(\.size) == [8, 5, 100, 6])
        #expect(try index().files(CourseID(2), at: Self.now) == CourseFiles(folders: [CourseFolder(id: "folder:", fullName: "course files")]))
        #expect(throws: CourseNotFound(id: CourseID(3))) { try index().files(CourseID(3), at: Self.now) }
    }

    @Test func aHugeSizeIsMadeAtMost64MiBSoACatalogCannotExhaustMemory() throws {
        let json = #"{"courses": [{"id": 1, "name": "Big", "files": [{"id": "f", "name": "huge.bin", "size": 1000000000000}]}]}"#
        let files = try CatalogIndex(Data(json.utf8), source: "huge.json").files(CourseID(1), at: Self.now)
        #expect(files.files.map(\.size) == [64 << 20])
    }

    @Test func relativeDatesCountBackFromTheStartOfTheDaySoTheyStayAllDay() throws {
        let files = try index().files(CourseID(1), at: Self.now)
        let midnight = Date(timeIntervalSince1970: (Self.now.timeIntervalSince1970 / 86_400).rounded(.down) * 86_400)
        #expect(files.files[0].updatedAt == midnight - 3 * 86_400)
        #expect(try index().files(CourseID(1), at: Self.now + 3_600).files[0].updatedAt == files.files[0].updatedAt)
        #expect(files.files[1].updatedAt == Date(timeIntervalSince1970: 1_798_876_800), "2027-01-02T08:00:00Z")
        #expect(files.files[2].updatedAt == nil)
    }

    @Test func aLockedFileHasNoAddressAndSaysWhy() throws {
        let files = try index().files(CourseID(1), at: Self.now).files
        #expect(files[3].isLocked)
        #expect(files[3].lockExplanation == "Locked until the exam is graded.")
        #expect(files[3].downloadURL == nil)
        #expect(files[0].downloadURL != nil && !files[0].isLocked)
    }

    @Test func theWholeDocumentReaderReadsThemToo() throws {
        let whole = try CatalogIndex(wholeDocument: Data(Self.json.utf8), source: "test.json", shift: 0)
        #expect(try whole.files(CourseID(1), at: Self.now) == index().files(CourseID(1), at: Self.now))
    }

    @Test func aBadFileIsAnErrorNamingIt() throws {
        let bad = #"{"courses": [{"id": 1, "files": [{"id": "a", "name": 3}]}]}"#
        #expect(throws: CatalogError.malformed(path: "bad.json", detail: "courses[0].files[0].name: expected a string")) {
            try CatalogIndex(Data(bad.utf8), source: "bad.json").files(CourseID(1), at: Self.now)
        }
    }

    @Test func theClientListsThemAndFindsOne() async throws {
        let index = try index()
        let client = FileClient.catalog(now: { Self.now }, index: { index })
        #expect(try await client.files(CourseID(1), .ignored).files.count == 4)
        #expect(try await client.file(CourseID(1), "2").name == "week1.txt")
        await #expect(throws: FileNotFound(id: "9")) { try await client.file(CourseID(1), "9") }
    }

    @Test func theSampleGivesEveryCourseAFewFilesOneOfThemLocked() throws {
        let index = try SampleCatalog.index(now: SampleCatalog.anchor)
        for course in index.courses(in: .all, at: SampleCatalog.anchor) where !course.isRestricted {
            let files = try index.files(course.id, at: SampleCatalog.anchor)
            #expect((3...4).contains(files.files.count), "\(course.id)")
            #expect(files.files.filter(\.isLocked).count == 1, "\(course.id)")
            #expect(files.files.contains { $0.name == "syllabus.txt" && files.folderPath(of: $0).isEmpty }, "\(course.id)")
            #expect(files.files.contains { files.folderPath(of: $0) == ["Lectures"] }, "\(course.id)")
        }
        // Fixed dates: a sample file downloaded today is still current next month.
        let later = SampleCatalog.anchor + 30 * 86_400
        let then = try index.files(CourseID(10001), at: SampleCatalog.anchor).files.map(\.updatedAt)
        #expect(try SampleCatalog.index(now: later).files(CourseID(10001), at: later).files.map(\.updatedAt) == then)
        #expect(then.allSatisfy { $0 != nil })
    }
}
