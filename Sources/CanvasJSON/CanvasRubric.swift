import CourseKit

/// An assignment's rubric as Canvas sends it on the assignment (`rubric`, `rubric_settings`),
/// always where the assignment has one. Canvas sends the points even where the teacher hides
/// them (`hide_points`): the client must leave them out itself.
package struct CanvasRubric: Sendable {
    package struct Criterion: Decodable, Sendable {
        package struct Rating: Decodable, Sendable {
            package var id: CanvasID?
            package var description: String?
            package var points: CanvasNumber?
        }

        package var id: CanvasID
        package var description: String?
        package var points: CanvasNumber?
        package var ratings: [Rating]?
    }

    package struct Settings: Decodable, Sendable {
        package var title: String?
        package var hide_points: Bool?
    }

    package var criteria: [Criterion]
    package var settings: Settings?

    package var rubric: Rubric {
        Rubric(
            title: settings?.title.flatMap(\.nonBlank),
            criteria: criteria.map { criterion in
                Rubric.Criterion(
                    id: criterion.id.text,
                    description: criterion.description.flatMap(\.nonBlank) ?? "Criterion \(criterion.id.text)",
                    points: criterion.points?.value,
                    ratings: (criterion.ratings ?? []).map { Rubric.Rating(id: $0.id?.text, description: $0.description ?? "", points: $0.points?.value) }
                )
            },
            hidesPoints: settings?.hide_points ?? false
        )
    }
}

/// The student's own submission with its feedback, as `GET /courses/:id/students/submissions`
/// gives it with `include[]=submission_comments&include[]=rubric_assessment`.
///
/// Canvas leaves out `attachments` of a comment that has none, `author` details of an
/// anonymous one, and `rubric_assessment` until the grade is released.
package struct CanvasSubmissionFeedback: Decodable, Sendable {
    package struct Comment: Decodable, Sendable {
        package var id: CanvasID
        package var author_name: String?
        package var author_id: CanvasID?
        package var comment: String?
        package var created_at: String?
        package var attachments: [CanvasFile]?
    }

    package struct Mark: Decodable, Sendable {
        package var rating_id: CanvasID?
        package var points: CanvasNumber?
        package var comments: String?
    }

    package var assignment_id: CanvasID
    package var submission_comments: [Comment]?
    package var rubric_assessment: [String: Mark]?

    package var comments: [SubmissionComment] {
        (submission_comments ?? []).map { comment in
            SubmissionComment(
                id: comment.id.text,
                author: comment.author_id == nil ? nil : comment.author_name.flatMap(\.nonBlank),
                text: comment.comment ?? "",
                createdAt: comment.created_at.flatMap(CanvasDate.parse),
                attachments: (comment.attachments ?? []).map(\.file)
            )
        }
    }

    package var rubricMarks: [String: RubricMark]? {
        rubric_assessment.map { marks in
            marks.mapValues { RubricMark(ratingID: $0.rating_id?.text, points: $0.points?.value, comments: $0.comments.flatMap(\.nonBlank)) }
        }
    }
}
