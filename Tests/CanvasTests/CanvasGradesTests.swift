import Foundation
import Testing
@testable import Canvas
import CourseKit
import HTTP
import TestSupport

/// The Grades section's answer from Canvas: the course's weighting, letters and current grading
/// period, then that period's groups with the student's scores.
struct CanvasGradesTests {
    let http = FakeHTTP()

    var client: GradesClient {
        .canvas(CanvasConnection(baseURL: URL(string: "https://school.example")!, credentials: .test("s3cret"), http: http.client, clock: .fixed(Date()), analytics: .noOp))
    }

    static let groups = #"""
        [{"id": 1, "name": "Homework", "group_weight": 40, "rules": {"drop_lowest": 1, "never_drop": [11]},
          "assignments": [{"id": 11, "name": "HW 1", "points_possible": 10, "submission": {"workflow_state": "graded", "score": 9, "posted_at": "2027-01-01T00:00:00Z"},
                           "score_statistics": {"min": 2, "max": 10, "mean": 7.5}},
                          {"id": 12, "name": "HW 2", "points_possible": 10, "omit_from_final_grade": true, "submission": {"workflow_state": "unsubmitted"}}]},
         {"id": 2, "name": "Exams", "group_weight": 60, "rules": {}, "assignments": []}]
        """#

    func query(_ path: String) -> [String] {
        let request = http.sentRequests.first { $0.url.path == path }
        return (request.flatMap { URLComponents(url: $0.url, resolvingAgainstBaseURL: false)?.queryItems } ?? []).map { "\($0.name)=\($0.value ?? "")" }
    }

    @Test func theCurrentPeriodsGroupsWithWeightsRulesLettersAndTheClassesScores() async throws {
        http.on("/api/v1/courses/5/assignment_groups", .json(Self.groups))
        http.on("/api/v1/courses/5", .json(#"""
            {"id": 5, "name": "Algebra", "apply_assignment_group_weights": true, "hide_final_grades": false, "grading_standard_id": 0,
             "grading_scheme": [["A", 0.9], ["B", 0.8], ["F", 0]],
             "enrollments": [{"type": "student", "has_grading_periods": true, "current_grading_period_id": "77", "current_grading_period_title": "Fall Q2"}]}
            """#))
        let grades = try #require(try await client.grades(CourseID(5), .ignored))
        #expect(query("/api/v1/courses/5") == ["include[]=total_scores", "include[]=current_grading_period_scores", "include[]=grading_scheme"])
        #expect(query("/api/v1/courses/5/assignment_groups") == [
            "include[]=assignments", "include[]=submission", "include[]=score_statistics", "per_page=100", "grading_period_id=77",
        ])
        #expect(grades.weightsGroups && grades.periodTitle == "Fall Q2" && !grades.hidesTotals)
        #expect(grades.scheme?.rows.map(\.name) == ["A", "B", "F"])
        let homework = try #require(grades.groups.first)
        #expect(homework.weight == 40 && homework.rules == DropRules(dropLowest: 1, neverDrop: ["11"]))
        #expect(homework.work.map(\.score) == [9, nil])
        #expect(homework.work.map(\.counts) == [true, false], "work left out of the final grade does not count")
        #expect(homework.work.first?.statistics == ScoreStatistics(mean: 7.5, low: 2, high: 10))
    }

    @Test func aCourseWithoutPeriodsAsksForAllAndOneWithoutAStandardHasNoLetters() async throws {
        http.on("/api/v1/courses/5/assignment_groups", .json(Self.groups))
        http.on("/api/v1/courses/5", .json(#"{"id": 5, "grading_standard_id": null, "grading_scheme": [["A", 0.94], ["F", 0]], "enrollments": [{"type": "student"}]}"#))
        let grades = try #require(try await client.grades(CourseID(5), .ignored))
        #expect(!query("/api/v1/courses/5/assignment_groups").contains { $0.hasPrefix("grading_period_id") })
        #expect(grades.scheme == nil, "Canvas sends its default scheme for a course that uses no letters")
        #expect(grades.periodTitle == nil && !grades.weightsGroups)
    }

    @Test func aTeacherWhoseGroupsCarryNoSubmissionsHasNoGrades() async throws {
        http.on("/api/v1/courses/5/assignment_groups", .json(#"[{"id": 1, "name": "Homework", "assignments": [{"id": 11, "name": "HW 1", "points_possible": 10}]}]"#))
        http.on("/api/v1/courses/5", .json(#"{"id": 5, "enrollments": [{"type": "teacher"}]}"#))
        #expect(try await client.grades(CourseID(5), .ignored) == nil)
    }
}
