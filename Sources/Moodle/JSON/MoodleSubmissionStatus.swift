/// The answer of `mod_assign_get_submission_status` for the student
/// (mod/assign/externallib.php `get_submission_status_returns()`); only the fields read here.
struct MoodleSubmissionStatus: Decodable, Sendable {
    struct LastAttempt: Decodable, Sendable {
        var submission: MoodleSubmission?
        var teamsubmission: MoodleSubmission?
        var locked: Bool?
        var graded: Bool?
        /// The student may change their submission now: it is open, not locked, not submitted for grading.
        var canedit: Bool?
        /// A draft that is not empty may be submitted for grading now.
        var cansubmit: Bool?
        /// When the extension the teacher granted ends; null when there is none.
        var extensionduedate: MoodleInt?
        /// `graded`, `notgraded`, or the marking workflow's state (`released`, …).
        var gradingstatus: String?
    }

    struct Feedback: Decodable, Sendable {
        struct Grade: Decodable, Sendable {
            var grade: String?
            var timemodified: MoodleInt?
        }

        var grade: Grade?
        /// The grade as the assignment shows it: `9.00 / 10.00`, a scale's word.
        var gradefordisplay: String?
        var gradeddate: MoodleInt?
        var plugins: [MoodlePlugin]?
    }

    struct PreviousAttempt: Decodable, Sendable {
        var attemptnumber: MoodleInt
        var submission: MoodleSubmission?
    }

    var lastattempt: LastAttempt?
    var feedback: Feedback?
    var previousattempts: [PreviousAttempt]?
}

/// One attempt's submission.
struct MoodleSubmission: Decodable, Sendable {
    var id: MoodleInt?
    /// From 0.
    var attemptnumber: MoodleInt?
    var timecreated: MoodleInt?
    /// Set by every save and by submitting for grading.
    var timemodified: MoodleInt?
    /// `new`, `draft`, `submitted` or `reopened`.
    var status: String?
    var plugins: [MoodlePlugin]?
}

/// What one submission or feedback plugin holds: files by area, or editor text.
struct MoodlePlugin: Decodable, Sendable {
    struct FileArea: Decodable, Sendable {
        var area: String
        var files: [MoodleFile]?
    }

    struct EditorField: Decodable, Sendable {
        var name: String
        var text: String?
        var format: MoodleInt?
    }

    /// `file`, `onlinetext`, `comments`, …
    var type: String
    var fileareas: [FileArea]?
    var editorfields: [EditorField]?
}

/// A file as `external_files` lists it: every field optional.
struct MoodleFile: Decodable, Sendable {
    var filename: String?
    var filepath: String?
    var filesize: MoodleInt?
    var fileurl: String?
    var timemodified: MoodleInt?
    var mimetype: String?
}
