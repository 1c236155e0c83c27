import Foundation
import Testing
@testable import CanvasJSON
@testable import Catalog
import CourseKit

/// The list's own reader reads the shapes catalogs and Canvas write, exactly as
/// `JSONDecoder` does, and leaves every other shape to it.
struct PlainJSONReaderTests {
    /// The reader's course for one course object, or nil when it leaves it to the decoder.
    func read(_ json: String) -> CanvasCourse? {
        let bytes = Array(json.utf8)
        return bytes.withUnsafeBytes { buffer in
            var cursor = JSONCursor(buffer)
            guard let layout = CourseLayout.read(&cursor), let kept = layout.kept else { return nil }
            return PlainJSONReader.course(members: kept, in: buffer)
        }
    }

    func decoded(_ json: String) throws -> CanvasCourse {
        try JSONDecoder().decode(CanvasCourse.self, from: Data(json.utf8))
    }

    static let plain = [
        #"{"id": 1, "name": "Lập trình Swift", "course_code": "CS101", "workflow_state": "available"}"#,
        #"{"id": "5001", "name": "Quoted \"name\" \\ \/ \u00e9\u0000 \ud83c\uddfb\ud83c\uddf3", "original_name": null}"#,
        #"{"id": -7, "term": {"id": 3, "name": "Học kỳ 1", "start_at": "2026-09-01T07:00:00Z", "end_at": null, "extra": {"a": [1, 2.5, true]}}}"#,
        #"{"id": 8, "teachers": [{"id": 1, "display_name": "Nguyễn Văn A"}, {"name": "B", "display_name": null}], "enrollments": [{"type": "student", "enrollment_state": "active"}]}"#,
        #"{"id": 9, "is_favorite": true, "concluded": false, "access_restricted_by_date": null, "html_url": "https://x.example/courses/9", "term": null, "teachers": [], "enrollments": null}"#,
        #"{ "id" : 10 , "start_at" : "2026-01-05T00:00:00+07:00" , "end_at" : "2026-05-30T23:59:59-05:00" , "unknown" : [ { "deep" : "\n" } ] }"#,
    ]

    /// Valid shapes the reader leaves to `JSONDecoder`, which decides (and may refuse).
    static let leftToTheDecoder = [
        #"{"name": "no id"}"#,
        #"{"id": null}"#,
        #"{"id": 1.5}"#,
        #"{"id": 1e3}"#,
        #"{"id": 99999999999999999999}"#,
        #"{"id": "  "}"#,
        #"{"id": "ü"}"#,
        #"{"id": 1, "name": 5}"#,
        #"{"id": 1, "name": "a", "name": "b"}"#,
        #"{"id": 1, "na\u006de": "escaped key"}"#,
        #"{"id": 1, "name": "lone \ud800"}"#,
        #"{"id": 1, "note": "\udfff"}"#,
        #"{"id": 1, "score": 2E400}"#,
        #"{"id": 1, "term": "Fall"}"#,
        #"{"id": 1, "term": {"name": 1}}"#,
        #"{"id": 1, "term": {"name": "a", "name": "b"}}"#,
        #"{"id": 1, "teachers": [null]}"#,
        #"{"id": 1, "teachers": {"name": "x"}}"#,
        #"{"id": 1, "is_favorite": 1}"#,
        #"{"id": 1, "enrollments": [{"enrollment_state": 2}]}"#,
    ]

    @Test(arguments: plain)
    func plainCoursesAreReadAsTheDecoderReadsThem(json: String) throws {
        let course = try #require(read(json))
        let expected = try decoded(json)
        #expect(course.course == expected.course)
        #expect(course.id == expected.id)
        #expect(course.name == expected.name)
        #expect(course.original_name == expected.original_name)
        #expect(course.start_at == expected.start_at)
        #expect(course.term?.start_at == expected.term?.start_at)
        #expect(course.teachers?.map(\.name) == expected.teachers?.map(\.name))
        #expect(course.enrollments?.map(\.enrollment_state) == expected.enrollments?.map(\.enrollment_state))
    }

    @Test(arguments: leftToTheDecoder)
    func otherShapesAreLeftToTheDecoder(json: String) {
        let course = read(json)
        #expect(course == nil, "read as course \(course?.id.text ?? "")")
    }
}

/// A syllabus, one JSON string of up to megabytes, is read plainly as `JSONDecoder` reads it.
struct PlainJSONStringTests {
    static let plain = [
        #""<p>Lập trình &amp; bài tập</p>""#,
        #""Quoted \"name\" \\ \/ \b\f\n\r\t \u00e9\u0000 \ud83c\uddfb\ud83c\uddf3 end""#,
        #""""#,
        #"  "spaced around"  "#,
        "null",
    ]

    static let leftToTheDecoder = [#""lone \ud800 surrogate""#, "12", "[\"a\"]", #""a" "b""#, "{}"]

    func plainly(_ json: String) -> String?? {
        Array(json.utf8).withUnsafeBytes(PlainJSONReader.optionalString(in:))
    }

    @Test(arguments: PlainJSONStringTests.plain)
    func readsAsTheDecoderDoes(json: String) throws {
        let decoded = try JSONDecoder().decode([String?].self, from: Data("[\(json)]".utf8)).first
        let read = try #require(plainly(json), "read plainly")
        #expect(read == decoded)
        #expect(read.map { Array($0.unicodeScalars) } == decoded.map { $0.map { Array($0.unicodeScalars) } } ?? nil)
    }

    @Test(arguments: PlainJSONStringTests.leftToTheDecoder)
    func leavesOtherValuesToTheDecoder(json: String) {
        #expect(plainly(json) == nil)
    }
}
