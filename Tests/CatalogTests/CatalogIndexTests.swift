import Foundation
import CanvasJSON
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
        // Shapes the list's own reader reads, and shapes it leaves to JSONDecoder; both agree.
        #"{"courses": [{"id": "12", "name": "Tab\tand \"quotes\" \\ \/ \u00e9 \ud83c\uddfb \b\f\n\r", "course_code": "\u0000"}]}"#,
        #"{"courses": [{"id": -3, "name": null, "original_name": "Old", "term": null, "teachers": null, "enrollments": []}]}"#,
        #"{"courses": [{"id": 13, "term": {"id": 4, "name": "Fall", "start_at": "2026-09-01T07:00:00Z", "end_at": "2026-12-20T23:59:59+07:00", "extra": [{"deep": [1, 2]}]}}]}"#,
        #"{"courses": [{"id": 14, "enrollments": [{"type": "student", "enrollment_state": "invited"}, {"enrollment_state": "active"}], "is_favorite": true, "concluded": false, "access_restricted_by_date": null}]}"#,
        #"{"courses": [{"id": 15, "access_restricted_by_date": true, "name": "Hidden"}]}"#,
        #"{"courses": [{"id": 16, "name": 5}, {"id": 17, "name": "a", "name": "b"}, {"id": null}, {"id": "  "}, {"id": 1e2}, {"id": 99999999999999999999}]}"#,
        #"{"courses": [{"id": 21, "teachers": [null]}, {"id": 22, "term": "Fall"}, {"id": 23, "is_favorite": 1}, {"na\u006de": "escaped key", "id": 24}]}"#,
        #"{"courses": [{"id": 25, "html_url": "https://canvas.example.edu/courses/25", "workflow_state": "available", "start_at": "2026-02-29T00:00:00Z", "end_at": "2026-13-01T00:00:00Z"}]}"#,
        #"{"courses": [{"id": 26, "teachers": [{"name": "Trần Thị B", "display_name": null}, {"display_name": "  "}], "start_at": "2024-02-29T12:30:00-05:30"}]}"#,
        // A long part given twice, or under a key with escapes: the decoder decides which counts.
        #"{"courses": [{"id": 27, "syllabus_body": "<p>A</p>", "syllabus_body": "<p>B</p>"}, {"id": 28, "modules": [], "modules": [{"id": 1, "position": 1}]}]}"#,
        #"{"courses": [{"id": 29, "syllabus\u005fbody": "<p>B</p>", "syllabus_body": "<p>A</p>"}, {"id": 30, "assignments": [], "assign\u006dents": [{"id": 2, "name": "Essay"}]}]}"#,
        // Backslashes before a closing quote, and brackets and quotes inside strings of a long part.
        #"{"courses": [{"id": 31, "name": "ends in \\", "syllabus_body": "\\\"\\", "modules": [{"id": 1, "name": "[{\"]}", "position": 1}], "code": "x"}]}"#,
    ]

    static let malformed = [
        "{\"courses\": [\n  {\"id\": 1},\n  {\"id\": 2,, }\n]}",
        "{\"courses\": [",
        "",
        #"{"courses": {"id": 1}}"#,
        #"{"classes": []}"#,
        #"[1, 2]"#,
        #"{"courses": [], "courses": [{"id": 1}]}"#,
        #"{"courses": [{"id": 1} {"id": 2}]}"#,
        #"{"courses": [{"id": 1}]} x"#,
        #"{"courses": [{"id": 1}]}}"#,
        "{\"courses\": [{\"id\": 1, \"name\": \"broken\nline\"}]}",
        #"{"other": tru, "courses": []}"#,
        #"{}"#,
        #"{"courses": [{"id": 1}], "note": }"#,
        "{\"courses\": [\u{FEFF}{\"id\": 1}]}",
        // Valid JSON that Foundation refuses, in a field the list shows and in one it doesn't.
        #"{"courses": [{"id": 18, "name": "lone \ud800 surrogate"}]}"#,
        #"{"courses": [{"id": 19, "note": "\udc00"}]}"#,
        #"{"courses": [{"id": 20, "score": 1.5e999}]}"#,
        // Nested deeper than Foundation reads, beside the list and inside a course.
        "{\"note\": " + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + ", \"courses\": [{\"id\": 1}]}",
        "{\"courses\": [{\"id\": 1, \"modules\": " + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + "}]}",
    ]

    /// Not JSON, though Foundation reads them; the index says where they break.
    static let acceptedByFoundationOnly = [
        #"{"courses": [{"id": 1},]}"#,
        "{\"courses\": [{\"id\": \"a\u{1}\"}]}",
    ]

    func index(_ json: String) throws -> CatalogIndex {
        try CatalogIndex(Data(json.utf8), source: "test.json")
    }

    /// The index read from a stream that hands over `chunk` bytes at a time, as a file read
    /// in pieces would, falling back to the whole document as the app does.
    func index(_ json: String, chunk: Int) throws -> CatalogIndex {
        let data = Data(json.utf8)
        var offset = 0
        let stream = CatalogStream { buffer in
            let count = min(chunk, buffer.count, data.count - offset)
            data.copyBytes(to: buffer, from: offset..<(offset + count))
            offset += count
            return count
        }
        do {
            return try CatalogIndex(stream, bytes: .memory([UInt8](data)), source: "test.json", shift: 0)
        } catch is CatalogReader.Unread {
            return try CatalogIndex(wholeDocument: data, source: "test.json", shift: 0)
        }
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

    @Test(arguments: documents, [1, 2, 7, 64])
    func readInSmallPiecesTheListIsTheSame(json: String, chunk: Int) throws {
        let whole = try index(json)
        let pieces = try index(json, chunk: chunk)
        #expect(pieces.courses(in: .all, at: Date()) == whole.courses(in: .all, at: Date()))
        #expect(pieces.skipped == whole.skipped)
        for course in whole.courses(in: .all, at: Date()) {
            #expect(try pieces.syllabus(course.id) == whole.syllabus(course.id))
            #expect(try pieces.modules(course.id) == whole.modules(course.id))
            #expect(try pieces.assignments(course.id) == whole.assignments(course.id))
        }
    }

    @Test(arguments: malformed + acceptedByFoundationOnly, [1, 5])
    func readInSmallPiecesABrokenDocumentFailsTheSame(json: String, chunk: Int) {
        var expected: CatalogError?
        do { _ = try index(json) } catch { expected = error as? CatalogError }
        var actual: CatalogError?
        do { _ = try index(json, chunk: chunk) } catch { actual = error as? CatalogError }
        #expect(actual == expected)
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
        // Long enough that the courses come in several batches.
        let padding = String(repeating: "<p>Đọc trước</p>", count: 20)
        let courses = (0..<5_000).map { index -> String in
            if index % 997 == 0 || index % 1_250 == 1_249 { return bad[index % bad.count] }
            // Every 1,001st repeats an earlier ID, so duplicates span parts.
            let id = index % 1_001 == 1_000 ? index - 900 : index
            return #"{"id": \#(id), "name": "Khóa \#(index)", "syllabus_body": "<p>\#(index)</p>\#(padding)", "modules": [{"id": \#(index), "position": 1}]}"#
        }
        let json = #"{"courses": ["# + courses.joined(separator: ",\n") + "]}"
        let index = try index(json)
        let catalog = try full(json)
        #expect(index.skipped == catalog.skipped)
        #expect(index.skipped.count > 10)
        #expect(json.utf8.count > 2 * CatalogReader.batchBytes)
        #expect(index.courses(in: .all, at: Date()) == catalog.entries.map(\.course))
        // Repeats taken out of a part move the courses after them; each is still found by its ID.
        for entry in catalog.entries {
            #expect(try index.course(entry.course.id) == entry.course)
        }
        for entry in catalog.entries.prefix(50) {
            #expect(try index.syllabus(entry.course.id) == entry.syllabusHTML)
            #expect(try index.modules(entry.course.id) == entry.modules)
        }
    }

    /// A catalog appended to itself: every batch holds many repeats, each dropped, the first kept.
    @Test func aCatalogOfRepeatsKeepsTheFirstOfEachAsTheFullDecoderDoes() throws {
        let padding = String(repeating: "<p>Đọc trước</p>", count: 12)
        let courses = (0..<4_000).map { #"{"id": \#($0), "name": "Khóa \#($0)", "syllabus_body": "\#(padding)"}"# }
        let json = #"{"courses": ["# + (courses + courses.reversed()).joined(separator: ",\n") + "]}"
        #expect(json.utf8.count > 2 * CatalogReader.batchBytes)
        let index = try index(json)
        let catalog = try full(json)
        #expect(index.skipped.count == 4_000)
        #expect(index.skipped == catalog.skipped)
        #expect(index.courses(in: .all, at: Date()) == catalog.entries.map(\.course))
        for entry in catalog.entries {
            #expect(try index.course(entry.course.id) == entry.course)
        }
    }

    /// Batches are taken into the list as they are read: one that breaks stops it there, and
    /// the document is read whole to say where, as any broken one is.
    @Test func aBrokenCourseInALaterBatchFailsTheCatalogWhereItBreaks() throws {
        let padding = String(repeating: "<p>Đọc trước</p>", count: 40)
        var courses = (0..<5_000).map { #"{"id": \#($0), "name": "Khóa \#($0)", "syllabus_body": "\#(padding)"}"# }
        courses[4_000] = #"{"id": 4000, "modules": [1,, 2]}"#
        let json = #"{"courses": ["# + courses.joined(separator: ",\n") + "]}"
        #expect(json.utf8.count > 3 * CatalogReader.batchBytes)
        let syntax = try #require(JSONSyntaxError.locate(in: Data(json.utf8)))
        #expect(syntax.line == 4_001)
        #expect(throws: CatalogError.malformed(path: "test.json", detail: syntax.description)) {
            try index(json)
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
            #expect(try index.assignments(id, at: now) == entry.assignments)
        }
    }
}

/// A syllabus read from its bytes in a catalog file is the string `JSONDecoder` reads there.
struct CatalogSyllabusTests {
    @Test func aSyllabusWithEscapesIsReadAsTheDecoderReadsIt() throws {
        let body = #""<p>\"Đọc\" \u00e9 \ud83d\ude00 \\ line\nbreak</p>""#
        let json = #"{"courses": [{"id": 1, "syllabus_body": "# + body + #"}, {"id": 2, "syllabus_body": null}]}"#
        let index = try CatalogIndex(Data(json.utf8), source: "test.json")
        #expect(try index.syllabus(CourseID(1)) == JSONDecoder().decode(String.self, from: Data(body.utf8)))
        #expect(try index.syllabus(CourseID(2)) == nil)
    }

    @Test func aLoneSurrogateIsJudgedByTheDecoderAsBefore() throws {
        let json = #"{"courses": [{"id": 1, "syllabus_body": "a \ud800 b"}]}"#
        let index = try CatalogIndex(Data(json.utf8), source: "test.json")
        let decoded = try? JSONDecoder().decode(String.self, from: Data(#""a \ud800 b""#.utf8))
        #expect((try? index.syllabus(CourseID(1))) == decoded)
    }
}

/// A big catalog's courses are held once: the list is given the index's own array.
struct CatalogCourseSharingTests {
    @Test func aScopeShowingEveryCourseGetsTheIndexsOwnArrayAndOneLeavingSomeOutGetsThemInOrder() throws {
        let json = #"{"courses": [{"id": 1, "name": "A"}, {"id": 2, "name": "B", "workflow_state": "completed"}, {"id": 3, "name": "C"}, {"id": 1, "name": "again"}]}"#
        let index = try CatalogIndex(Data(json.utf8), source: "test.json")
        let now = Date()
        let first = index.courses(in: .all, at: now)
        let second = index.courses(in: .all, at: now)
        #expect(first.map(\.name) == ["A", "B", "C"])
        #expect(first.withUnsafeBufferPointer { $0.baseAddress } == second.withUnsafeBufferPointer { $0.baseAddress }, "not copied")
        #expect(index.skipped.count == 1)
        let current = index.courses(in: .current, at: now)
        #expect(current.map(\.name) == ["A", "C"], "the completed course is left out of the current ones")
    }
}
