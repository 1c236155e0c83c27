import FoundationEssentials
import Testing
import CanvasJSON
import CourseKit

/// Canvas's lock explanations are HTML; every place that says why something is locked gets
/// them as text: the hand-in refusal `submit` and the picker print, and a file's reason.
struct CanvasLockExplanationTests {
    static let moduleLock = #"This assignment is part of the module <b>Week 2</b> and hasn't been unlocked yet.<br/><a href='https://school.example/courses/1/modules#module_5'>Visit the course modules page for information on how to unlock this content.</a><a href='/courses/1/modules/5/prerequisites/assignment_9' style='display: none;' id='module_prerequisites_lookup_link'>&nbsp;</a>"#
    static let text = "This assignment is part of the module Week 2 and hasn't been unlocked yet. Visit the course modules page for information on how to unlock this content."

    /// `string` as a JSON string literal.
    static func json(_ string: String) -> String {
        "\"" + string.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
    }

    @Test func anAssignmentsLockIsTextAndSoIsTheRefusalOfAHandIn() throws {
        let body = #"{"id": 9, "name": "Lab", "submission_types": ["online_upload"], "locked_for_user": true, "lock_explanation": "# + Self.json(Self.moduleLock) + "}"
        let assignment = try JSONDecoder().decode(CanvasAssignment.self, from: Data(body.utf8)).assignment
        #expect(assignment.lockExplanation == Self.text)
        #expect(assignment.uploadRefusal() == "Lab is locked: " + Self.text)
    }

    @Test func aFilesLockIsText() throws {
        let body = #"{"id": 3, "display_name": "Exam.pdf", "url": "", "locked_for_user": true, "lock_explanation": "This file is locked until <b>Dec 14 at 9am</b>."}"#
        let file = try JSONDecoder().decode(CanvasFile.self, from: Data(body.utf8)).file
        #expect(file.lockExplanation == "This file is locked until Dec 14 at 9am.")
    }

    @Test func anEmptyExplanationIsNone() {
        #expect(CanvasLockExplanation.text("<br/>&nbsp; ") == nil)
        #expect(CanvasLockExplanation.text(nil) == nil)
        #expect(CanvasLockExplanation.text("a < b") == "a < b", "text that only looks like markup stays")
    }

    @Test func onlyLinkStartTagsLoseTheirAttributes() {
        #expect(CanvasLockExplanation.withoutLinkAttributes(#"x <A HREF='/m'>Go</A> y"#) == "x <a>Go</A> y")
        #expect(CanvasLockExplanation.withoutLinkAttributes("<a>one</a><a\nhref=\"/q\">two</a>") == "<a>one</a><a>two</a>")
        #expect(CanvasLockExplanation.withoutLinkAttributes("<abbr title='t'>T</abbr> <b>bold</b>") == "<abbr title='t'>T</abbr> <b>bold</b>")
        #expect(CanvasLockExplanation.withoutLinkAttributes("<a href='/never-closed'") == "<a href='/never-closed'")
        #expect(CanvasLockExplanation.withoutLinkAttributes("Lập <a id=\"é\">trình</a>") == "Lập <a>trình</a>")
    }
}
