import CourseKit

/// A Canvas assignment group, as `GET /courses/:id/assignment_groups` returns it with
/// `include[]=assignments&include[]=submission&include[]=score_statistics`.
///
/// `rules` leaves out what is not set; `score_statistics` comes only where the course shows
/// the class's scores to students.
package struct CanvasAssignmentGroup: Decodable, Sendable {
    package struct Rules: Decodable, Sendable {
        package var drop_lowest: CanvasWholeNumber?
        package var drop_highest: CanvasWholeNumber?
        package var never_drop: [CanvasID]?
    }

    package struct Statistics: Decodable, Sendable {
        package var min: CanvasNumber?
        package var max: CanvasNumber?
        package var mean: CanvasNumber?
    }

    /// An assignment in the group, with what decides whether it counts.
    package struct Member: Decodable, Sendable {
        package var id: CanvasID
        package var name: String?
        package var points_possible: CanvasNumber?
        package var grading_type: String?
        package var submission_types: [String]?
        package var omit_from_final_grade: Bool?
        package var published: Bool?
        package var workflow_state: String?
        /// True while an anonymously graded assignment's grades are not posted.
        package var anonymize_students: Bool?
        package var score_statistics: Statistics?
        package var submission: CanvasAssignment.Submission?
    }

    package var id: CanvasID
    package var name: String?
    package var group_weight: CanvasNumber?
    package var rules: Rules?
    package var assignments: [Member]?

    package var group: AssignmentGroup {
        AssignmentGroup(
            id: id.text,
            name: name.flatMap(\.nonBlank) ?? "Group \(id.text)",
            weight: group_weight?.value,
            rules: DropRules(
                dropLowest: rules?.drop_lowest?.value ?? 0,
                dropHighest: rules?.drop_highest?.value ?? 0,
                neverDrop: Set((rules?.never_drop ?? []).map(\.text))
            ),
            work: (assignments ?? []).map(\.work)
        )
    }
}

extension CanvasAssignmentGroup.Member {
    /// Whether Canvas counts it toward the total: not left out of the final grade, graded at
    /// all, published, and not anonymous work whose grades are still hidden.
    var counts: Bool {
        omit_from_final_grade != true && submission_types != ["not_graded"] && grading_type != "not_graded"
            && published != false && workflow_state != "unpublished" && anonymize_students != true
    }

    var work: GradedWork {
        GradedWork(
            id: id.text,
            name: name.flatMap(\.nonBlank) ?? "Assignment \(id.text)",
            pointsPossible: points_possible?.value,
            submission: submission?.domain,
            counts: counts,
            statistics: score_statistics.flatMap { statistics in
                guard let mean = statistics.mean?.value, let low = statistics.min?.value, let high = statistics.max?.value else { return nil }
                return ScoreStatistics(mean: mean, low: low, high: high)
            }
        )
    }
}
