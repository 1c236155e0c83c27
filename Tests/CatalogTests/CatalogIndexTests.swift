import Foundation
import Testing
@testable import Catalog
import CourseKit
import TestSupport

/// The index lists what the full decoder lists, and decodes a course's long parts when asked.
struct CatalogIndexTests {
    static let documents = [
        #"{"courses": [{"id": 1, "name": "Fine"}, {"id": true}, {"id": 2, "name": "Also fine"}]}"#,
        #"{"courses": [{"id": 7, "name": "First"}, {"id": "7", "name": "Second"}, {"id": 8}]}"#,
        "\u{FEFF}{\"courses\": [{\"id\": 1, \"name\": \"Lập trình\", \"syllabus_body\": \"<p>a \\\"quoted\\\" \\\\ b</p>\"}]}",
        #"{"note": {"nested": [1, {"courses": []}]}, "courses": [{"id": 3, "syllabus_body": null, "modules": null, "assignments": null}]}"#,
        #"{"courses": [1, "two", null, [3], {"id": 4}]}"#,
        #"{"courses": [{"id": 5, "syllabus\u005fbody": "<p>escaped key</p>", "modules": [{"id": 9, "name": "M", "position": 2}, {"id": 8, "name": "L", "position": 1}]}]}"#,
        #"{"courses": [{"name": "no id"}, {"id": 6, "assignments": [{"id": 61, "name": "Essay", "due_at": "2026-12-10T23:59:00Z", "submission_types": ["online_upload"]}]}]}"#,
        " \n\t{ \"courses\" : [ { \"id\" : 10 , \"term\" : { \"name\" : \"Fall\" } , \"modules\" : [ ] } ] } \n",
        #"{"courses": []}"#,
        #"{"courses": [{"id": 11, "teachers": [{"display_name": "Nguyễn Văn A"}], "syllabus_body": "日本語 🇻🇳"}]}"#,
    ]

    static let malformed = [
        "{\"courses\": [\n  {\"id\": 1},\n  {\"id\": 2,, }\n]}",
        "{\"courses\": [",
        "",
        #"{"courses": {"id": 1}}"#,
        #"{"classes": []}"#,
        #"[1, 2]"#,
        #"{"courses": [], "courses": [{"id": 1}]}"#,
    ]

    func index(_ json: String) throws -> CatalogIndex {
        try CatalogIndex(Data(json.utf8), source: "test.json")
    }

    func full(_ json: String) throws -> Catalog {
        try Catalog.decode(Data(json.utf8), source: "test.json")
    }

    @Test(arguments: documents)
    func theListAndEveryCourseMatchTheFullDecoder(json: String) throws {
        let index = try index(json)
        let catalog = try full(json)
        #expect(index.courses(in: .all, at: Date()) == catalog.entries.map(\.course))
        #expect(index.skipped == catalog.skipped)
        for entry in catalog.entries {
            let id = entry.course.id
            #expect(try index.course(id) == entry.course)
            #expect(try index.syllabus(id) == entry.syllabusHTML)
            #expect(try index.modules(id) == entry.modules)
            #expect(try index.assignments(id) == entry.assignments)
        }
    }

    @Test(arguments: malformed)
    func aDocumentThatCantBeReadFailsAsTheFullDecoderFails(json: String) {
        var expected: CatalogError?
        do { _ = try full(json) } catch { expected = error as? CatalogError }
        var actual: CatalogError?
        do { _ = try index(json) } catch { actual = error as? CatalogError }
        if let expected {
            #expect(actual == expected)
        } else {
            // The full decoder takes the last of two lists; the index then takes its word for it.
            #expect(actual == nil)
        }
    }

    /// Big enough to be read in several parts: every kind of bad course, near part boundaries too.
    @Test func aLargeCatalogReadInPartsListsAndSkipsAsTheFullDecoderDoes() throws {
        let bad = [#"{"id": true}"#, #"{"name": "x"}"#, #"{"id": 1.5}"#, #"[]"#, #"{"id": 7, "term": {"name": 3}}"#]
        let courses = (0..<5_000).map { index -> String in
            if index % 997 == 0 || index % 1_250 == 1_249 { return bad[index % bad.count] }
            // Every 1,001st repeats an earlier ID, so duplicates span parts.
            let id = index % 1_001 == 1_000 ? index - 900 : index
            return #"{"id": \#(id), "name": "Khóa \#(index)", "syllabus_body": "<p>\#(index)</p>", "modules": [{"id": \#(index), "position": 1}]}"#
        }
        let json = #"{"courses": ["# + courses.joined(separator: ",\n") + "]}"
        let index = try index(json)
        let catalog = try full(json)
        #expect(index.skipped == catalog.skipped)
        #expect(index.skipped.count > 10)
        #expect(index.courses(in: .all, at: Date()) == catalog.entries.map(\.course))
        for entry in catalog.entries.prefix(50) {
            #expect(try index.syllabus(entry.course.id) == entry.syllabusHTML)
            #expect(try index.modules(entry.course.id) == entry.modules)
        }
    }

    @Test func theLongPartsAreOnlyReadWhenTheCourseIsOpened() throws {
        // Broken modules no longer hide the course, nor its syllabus and assignments.
        let json = #"{"courses": [{"id": 1, "name": "Fine"}, {"id": 3, "name": "Broken modules", "syllabus_body": "<p>Read me</p>", "modules": [{"id": 1, "items": [{"id": null}]}]}]}"#
        let index = try index(json)
        #expect(index.courses(in: .all, at: Date()).map(\.name) == ["Fine", "Broken modules"])
        #expect(index.skipped.isEmpty)
        #expect(try index.syllabus(CourseID(3)) == "<p>Read me</p>")
        #expect(try index.assignments(CourseID(3)).isEmpty)
        #expect(throws: CatalogError.malformed(path: "test.json", detail: "courses[1].modules[0].items[0].id: the ID is null")) {
            try index.modules(CourseID(3))
        }
    }

    @Test func aWrongTypeInsideAPartIsNamedByItsPlaceInTheFile() throws {
        let json = #"{"courses": [{"id": 2, "syllabus_body": 12, "assignments": {"id": 1}}]}"#
        let index = try index(json)
        #expect(throws: CatalogError.malformed(path: "test.json", detail: "courses[0].syllabus_body: expected a string")) {
            try index.syllabus(CourseID(2))
        }
        #expect(throws: CatalogError.malformed(path: "test.json", detail: "courses[0].assignments: expected a list")) {
            try index.assignments(CourseID(2))
        }
    }

    @Test func anUnknownCourseIsNotFound() throws {
        let index = try index(#"{"courses": [{"id": 1}]}"#)
        #expect(throws: CourseNotFound(id: CourseID(2))) { try index.modules(CourseID(2)) }
    }

    @Test(arguments: [0, 86_400 * 40, -86_400 * 400] as [TimeInterval])
    func theSampleCatalogIndexedGivesWhatItDecodedGives(daysFromAnchor: TimeInterval) throws {
        let now = SampleCatalog.anchor.addingTimeInterval(daysFromAnchor + 3_600)
        let catalog = try SampleCatalog.load(now: now)
        let index = try SampleCatalog.index(now: now)
        #expect(index.courses(in: .all, at: now) == catalog.entries.map(\.course))
        #expect(index.courses(in: .current, at: now) == catalog.courses(in: .current, at: now))
        for entry in catalog.entries {
            let id = entry.course.id
            #expect(try index.syllabus(id) == entry.syllabusHTML)
            #expect(try index.modules(id) == entry.modules)
            #expect(try index.assignments(id) == entry.assignments)
        }
    }
}
