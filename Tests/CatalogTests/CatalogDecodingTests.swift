import Foundation
import Testing
@testable import CanvasJSON
@testable import Catalog
import CourseKit
import TestSupport

struct CatalogDecodingTests {
    func decode(_ json: String) throws -> Catalog {
        try Catalog.decode(Data(json.utf8), source: "test.json")
    }

    func malformedDetail(_ json: String) -> String? {
        do {
            _ = try decode(json)
            return nil
        } catch let CatalogError.malformed(path, detail) {
            #expect(path == "test.json")
            return detail
        } catch {
            return "unexpected \(error)"
        }
    }

    @Test func readsTheCanvasCourseShape() throws {
        let catalog = try decode("""
        {"courses": [{
          "id": 7, "name": "Hóa hữu cơ", "course_code": "CHEM-241", "workflow_state": "available",
          "start_at": "2026-09-07T07:00:00Z", "end_at": "2026-12-18T23:59:00Z",
          "term": {"id": 3, "name": "Fall 2026"}, "teachers": [{"id": 1, "display_name": "Lê Thị B"}],
          "syllabus_body": "<p>Hi</p>", "uuid": "ignored", "is_public": false,
          "modules": [
            {"id": 2, "name": "Second", "position": 2, "items": []},
            {"id": 1, "name": "First", "position": 1, "items": [{"id": 5, "title": "Lab", "type": "Assignment", "extra": 1}]}
          ]
        }]}
        """)
        let entry = try catalog.entry(CourseID(7))
        #expect(entry.course.name == "Hóa hữu cơ")
        #expect(entry.course.code == "CHEM-241")
        #expect(entry.course.term == Course.Term(name: "Fall 2026"))
        #expect(entry.course.teachers == ["Lê Thị B"])
        #expect(entry.course.startAt == Date(timeIntervalSince1970: 1_788_764_400))
        #expect(entry.syllabusHTML == "<p>Hi</p>")
        #expect(entry.modules.map(\.name) == ["First", "Second"])
        #expect(entry.modules[0].items == [ModuleItem(id: "5", title: "Lab", type: "Assignment")])
    }

    @Test func optionalFieldsMayBeMissingOrNull() throws {
        let catalog = try decode(#"{"courses": [{"id": "sis:1", "name": null, "term": null, "start_at": "not a date"}]}"#)
        let course = try catalog.entry(CourseID("sis:1")!).course
        #expect(course.name == "Course sis:1")
        #expect(course.term == nil)
        #expect(course.startAt == nil)
        #expect(course.teachers.isEmpty)
    }

    @Test func anUnknownIDIsCourseNotFound() throws {
        let catalog = try decode(#"{"courses": []}"#)
        #expect(throws: CourseNotFound(id: CourseID(3))) { try catalog.entry(CourseID(3)) }
    }

    @Test(arguments: [
        ("{\"courses\": [\n  {\"id\": 1},\n  {\"id\": 2,, }\n]}", "line 3, column 12: unexpected ','"),
        ("{\"courses\": [", "line 1, column 14: unexpected end of file"),
        ("", "line 1, column 1: unexpected end of file"),
        (#"{"courses": {"id": 1}}"#, "courses: expected a list"),
        (#"{"classes": []}"#, "\"courses\" is missing in the top level"),
        (#"[1, 2]"#, "top level: expected an object"),
    ])
    func malformedCatalogsSayWhereTheyBroke(json: String, detail: String) {
        #expect(malformedDetail(json) == detail)
    }

    @Test(arguments: [
        (#"{"id": true}"#, "courses[1].id: the ID must be a number or a string"),
        (#"{"name": "x"}"#, "\"id\" is missing in courses[1]"),
        (#"{"id": 9223372036854775808}"#, "courses[1].id: the ID 9223372036854775808 is too large for an ID"),
        (#"{"id": 1.5}"#, "courses[1].id: the ID 1.5 is not a whole number"),
        (#"{"id": "  "}"#, "courses[1].id: the ID is empty"),
        (#"{"id": 3, "modules": [{"id": 1, "items": [{"id": null}]}]}"#, "courses[1].modules[0].items[0].id: the ID is null"),
    ])
    func aCourseThatCantBeReadIsSkippedAndTheRestLoad(course: String, detail: String) throws {
        let catalog = try decode(#"{"courses": [{"id": 1, "name": "Fine"}, "# + course + #", {"id": 2, "name": "Also fine"}]}"#)
        #expect(catalog.entries.map(\.course.name) == ["Fine", "Also fine"])
        #expect(catalog.skipped == ["Skipped a course: \(detail)"])
    }

    @Test func aSecondCourseWithTheSameIDIsSkippedSoNoTwoRowsLookOpen() throws {
        let catalog = try decode(#"{"courses": [{"id": 7, "name": "First"}, {"id": "7", "name": "Second"}, {"id": 8}]}"#)
        #expect(catalog.entries.map(\.course.name) == ["First", "Course 8"])
        #expect(catalog.skipped == ["Skipped a course: courses[1] has ID 7, already used by courses[0]"])
    }

    @Test func viewsFieldsAreRead() throws {
        let catalog = try decode(#"""
            {"courses": [{"id": 1, "name": "Orgo", "original_name": "Organic Chemistry", "is_favorite": true,
                          "term": {"name": "Fall", "start_at": "2026-09-01T00:00:00Z", "end_at": "2026-12-20T00:00:00Z"},
                          "enrollments": [{"enrollment_state": "invited"}]},
                         {"id": 2, "access_restricted_by_date": true}]}
            """#)
        let course = try catalog.entry(CourseID(1)).course
        #expect(course.originalName == "Organic Chemistry")
        #expect(course.isFavorite)
        #expect(course.enrollment == .invited)
        #expect(course.term?.endAt == Date(timeIntervalSince1970: 1_797_724_800))
        #expect(try catalog.entry(CourseID(2)).course == .restricted(CourseID(2)))
    }

    @Test func theMessageNamesTheFile() {
        let error = CatalogError.malformed(path: "/home/an/courses.json", detail: "line 2, column 5: unexpected '}'")
        #expect(error.userMessage == "Catalog file /home/an/courses.json is not valid: line 2, column 5: unexpected '}'")
    }
}
