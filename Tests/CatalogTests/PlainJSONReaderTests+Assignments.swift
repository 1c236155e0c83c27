import Foundation
import Testing
@testable import CanvasJSON
@testable import Catalog
import CourseKit

/// A course's assignments, read at every start for the Due pane, are read by the plain
/// reader exactly as `JSONDecoder` reads them, or left to it.
struct PlainJSONReaderAssignmentTests {
    /// The reader's assignments for a course's `assignments` value, or nil when it leaves them to the decoder.
    func read(_ json: String) -> [CanvasAssignment]? {
        Array(json.utf8).withUnsafeBytes { PlainJSONReader.assignments(in: $0) }
    }

    func decoded(_ json: String) throws -> [CanvasAssignment] {
        try JSONDecoder().decode([CanvasAssignment]?.self, from: Data(json.utf8)) ?? []
    }

    static let plain = [
        "null",
        " [ ] ",
        #"[{"id": 1}]"#,
        #"[{"id": "100012", "name": "Reading \"Response\" \u00e9", "due_in_days": -3, "points_possible": 10, "submission_types": ["online_upload", "online_text_entry"], "allowed_extensions": ["pdf", ".DOCX"], "submission": {"workflow_state": "submitted", "submitted_at": "2026-11-14T09:30:00Z", "attempt": 2, "late": true, "missing": false}}]"#,
        #"[{"id": 5, "name": "Final", "due_at": "2026-12-01T23:59:00Z", "unlock_at": "2026-11-01T00:00:00Z", "lock_at": null, "grading_type": "letter_grade", "locked_for_user": true, "lock_explanation": "Locked until <b>Dec 1</b>.<br/><a href='/m'>Visit modules</a>", "html_url": "https://x.example/courses/1/assignments/5", "rubric": null, "rubric_settings": null, "due_in_hours": 6.5}]"#,
        #"[{"id": 6, "submission": {"workflow_state": "graded", "attempt": null, "excused": true, "score": 17.25, "grade": "B+", "posted_at": "2026-10-28T12:00:00Z", "late_policy_status": "extended", "redo_request": false, "extra": [1, {"x": null}]}}, {"id": 7, "submission": null, "unknown": {"a": "\n"}}]"#,
    ]

    /// Valid shapes the reader leaves to `JSONDecoder`, which decides (and may refuse).
    static let leftToTheDecoder = [
        #"{"id": 1}"#,
        #"[{"name": "no id"}]"#,
        #"[null]"#,
        #"[{"id": 1, "name": 5}]"#,
        #"[{"id": 1, "name": "a", "name": "b"}]"#,
        #"[{"id": 1, "points_possible": "10"}]"#,
        #"[{"id": 1, "points_possible": 1e2}]"#,
        #"[{"id": 1, "submission_types": "online_upload"}]"#,
        #"[{"id": 1, "submission_types": [null]}]"#,
        #"[{"id": 1, "locked_for_user": "true"}]"#,
        #"[{"id": 1, "rubric": [{"id": "c1", "points": 4, "description": "Clarity"}]}]"#,
        #"[{"id": 1, "rubric_settings": {"hide_points": true}}]"#,
        #"[{"id": 1, "submission": {"attempt": 1.5}}]"#,
        #"[{"id": 1, "submission": {"attempt": 3000000000}}]"#,
        #"[{"id": 1, "submission": {"late": 0}}]"#,
        #"[{"id": 1, "submission": "graded"}]"#,
        #"[{"id": 1, "note": "\udfff"}]"#,
    ]

    @Test(arguments: plain)
    func plainAssignmentsAreReadAsTheDecoderReadsThem(json: String) throws {
        let assignments = try #require(read(json))
        let expected = try decoded(json)
        #expect(assignments.map(\.assignment) == expected.map(\.assignment))
        #expect(assignments.map(\.dueOffset) == expected.map(\.dueOffset))
    }

    @Test(arguments: leftToTheDecoder)
    func otherShapesAreLeftToTheDecoder(json: String) {
        #expect(read(json) == nil)
    }

    @Test func theSampleCoursesAssignmentsAreReadAsTheDecoderReadsThem() throws {
        let now = Date(timeIntervalSince1970: 1_796_000_000)
        let decoded = try SampleCatalog.load(now: now)
        let index = try SampleCatalog.index(now: now)
        for entry in decoded.entries {
            #expect(try index.assignments(entry.course.id, at: now) == entry.assignments, "course \(entry.course.id)")
        }
        #expect(decoded.entries.map(\.assignments.count).reduce(0, +) > 200)
    }

    /// The sample's shapes are the plain ones, so a start never falls back to the decoder.
    @Test func everySampleCoursesAssignmentsAreReadPlainly() throws {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(PackageResources.sample_catalog_json)) as? [String: Any])
        let courses = try #require(document["courses"] as? [[String: Any]])
        for course in courses {
            let json = try JSONSerialization.data(withJSONObject: course["assignments"] ?? NSNull(), options: [.fragmentsAllowed])
            #expect(json.withUnsafeBytes { PlainJSONReader.assignments(in: $0) } != nil, "course \(course["id"] ?? "")")
        }
    }
}
