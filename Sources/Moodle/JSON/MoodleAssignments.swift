/// The answer of `mod_assign_get_assignments` (mod/assign/externallib.php `get_assignments_returns()`);
/// only the fields read here.
struct MoodleAssignments: Decodable, Sendable {
    struct Course: Decodable, Sendable {
        var id: MoodleInt
        var assignments: [MoodleAssign]
    }

    var courses: [Course]
}

/// An assignment's settings, with the student's overrides applied.
struct MoodleAssign: Decodable, Sendable {
    /// One setting of one plugin: `{plugin: "file", subtype: "assignsubmission", name: "maxfilesubmissions", value: "3"}`.
    /// Only enabled plugins have rows.
    struct Config: Decodable, Sendable {
        var plugin: String
        var subtype: String
        var name: String
        var value: String?
    }

    /// The assignment's own ID (the instance), which the hand-in functions take.
    var id: MoodleInt
    /// The course module's ID, which the site's addresses and the calendar use.
    var cmid: MoodleInt
    var course: MoodleInt?
    var name: String
    var nosubmissions: MoodleFlag?
    /// 1: a save keeps a draft, and the student submits it for grading as a second step.
    var submissiondrafts: MoodleFlag?
    var duedate: MoodleInt?
    var allowsubmissionsfromdate: MoodleInt?
    var cutoffdate: MoodleInt?
    /// Positive: the most points; negative: a scale's ID; 0: not graded.
    var grade: MoodleInt?
    var requiresubmissionstatement: MoodleFlag?
    /// HTML, sent only when a statement is required.
    var submissionstatement: String?
    var configs: [Config]?
    var intro: String?
}

/// A warning Moodle answers instead of doing what was asked (`external_warnings`).
struct MoodleWarning: Decodable, Sendable {
    /// The cause, in Moodle's words (HTML-escaped): "The due date for this assignment has now passed".
    var item: String?
    var warningcode: String?
    /// "Could not save submission."
    var message: String?
}
