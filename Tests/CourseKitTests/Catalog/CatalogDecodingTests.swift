import Foundation
import Testing
@testable import CourseKit

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
        #expect(entry.course.term == "Fall 2026")
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
        (#"{"courses": [{"id": true}]}"#, "courses[0].id: expected a string"),
        (#"{"courses": [{"name": "x"}]}"#, "\"id\" is missing in courses[0]"),
        (#"{"courses": {"id": 1}}"#, "courses: expected a list"),
        (#"{"classes": []}"#, "\"courses\" is missing in the top level"),
        (#"[1, 2]"#, "top level: expected an object"),
        (#"{"courses": [{"id": 1, "modules": [{"id": 1, "items": [{"id": null}]}]}]}"#, "courses[0].modules[0].items[0].id: expected a string, found null"),
    ])
    func malformedCatalogsSayWhereTheyBroke(json: String, detail: String) {
        #expect(malformedDetail(json) == detail)
    }

    @Test func theMessageNamesTheFile() {
        let error = CatalogError.malformed(path: "/home/an/courses.json", detail: "line 2, column 5: unexpected '}'")
        #expect(error.userMessage == "Catalog file /home/an/courses.json is not valid: line 2, column 5: unexpected '}'")
    }
}
