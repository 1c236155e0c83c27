import CanvasJSON
import CourseKit
import Foundation
import Testing

/// Whether a Canvas course lets the user add to its Files, as their enrollments say.
struct CanvasCourseRoleTests {
    func course(_ enrollments: String) throws -> Course {
        try JSONDecoder().decode(CanvasCourse.self, from: Data(#"{"id": 2, "course_code": "BIO 102", "enrollments": \#(enrollments)}"#.utf8)).siteCourse
    }

    @Test func aStudentMayNotATeacherTAOrDesignerMayAndSilenceSaysNothing() throws {
        #expect(try course(#"[{"type": "student", "enrollment_state": "active"}]"#).addsFiles == false)
        #expect(try course(#"[{"type": "observer"}]"#).addsFiles == false)
        #expect(try course(#"[{"type": "student"}, {"type": "ta"}]"#).addsFiles == true, "a student who is also a TA may")
        #expect(try course(#"[{"type": "TeacherEnrollment"}]"#).addsFiles == true, "the older spelling")
        #expect(try course(#"[{"type": "designer"}]"#).addsFiles == true)
        #expect(try course(#"[{"enrollment_state": "active"}]"#).addsFiles == nil)
        #expect(try course("[]").addsFiles == nil)
        let student = try course(#"[{"type": "student"}]"#)
        #expect(student.courseFilesRefusal == "Only teachers add files to a course's Files, and you are a student in BIO 102")
        let catalog = try JSONDecoder().decode(CanvasCourse.self, from: Data(#"{"id": 2, "enrollments": [{"type": "student"}]}"#.utf8)).course
        #expect(catalog.addsFiles == nil, "a catalog's course, kept on this machine, takes files whatever its enrollments say")
        let silent = try course("[]")
        #expect(catalog.courseFilesRefusal == nil && silent.courseFilesRefusal == nil, "a course that doesn't say is offered")
    }
}
