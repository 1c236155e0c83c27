import CourseKit
import FoundationEssentials

/// An assignment as the panes show it, from its settings and where the student's submission stands.
///
/// Its ID is the course module's (the cmid), as the site's own addresses and the calendar name
/// it; the hand-in functions take the assignment's own ID, which the transport looks up.
enum MoodleAssignment {
    static func assignment(_ assign: MoodleAssign, status: MoodleSubmissionStatus, site: URL, now: Date) -> Assignment {
        let last = status.lastattempt
        let extended = MoodleTime.date(last?.extensionduedate?.value)
        let due = [MoodleTime.date(assign.duedate?.value), extended].compactMap { $0 }.max()
        let cutoff = [MoodleTime.date(assign.cutoffdate?.value), extended].compactMap { $0 }.max()
        let opens = MoodleTime.date(assign.allowsubmissionsfromdate?.value)
        let locked = last?.canedit == false && assign.nosubmissions?.value != true
        let points = assign.grade?.value ?? 0
        let rubric = status.feedback?.gradefordisplay.flatMap(MoodleRubricHTML.read)
        let maxBytes = assign.setting("file", "maxsubmissionsizebytes").flatMap { Int64($0) }
        return Assignment(
            id: String(assign.cmid.value),
            name: MoodleText.name(assign.name) ?? "Assignment \(assign.cmid.value)",
            dueAt: due,
            pointsPossible: points > 0 ? Double(points) : nil,
            gradingType: points > 0 ? .points : (points < 0 ? .letterGrade : nil),
            submissionTypes: submissionTypes(assign),
            allowedExtensions: MoodleFileTypes.extensions(assign.setting("file", "filetypeslist")),
            isLocked: locked,
            lockExplanation: locked ? lockReason(assign, status: status, opens: opens, cutoff: cutoff, now: now) : nil,
            unlockAt: opens,
            lockAt: cutoff,
            submission: submission(status, rubric: rubric, due: due, expectsHandIn: assign.nosubmissions?.value != true, now: now),
            htmlURL: URL(string: site.absoluteString + "/mod/assign/view.php?id=\(assign.cmid.value)"),
            maxFileCount: assign.setting("file", "maxfilesubmissions").flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil },
            maxFileBytes: maxBytes.flatMap { $0 > 0 ? $0 : nil },
            submissionStatement: assign.statement,
            rubric: rubric?.rubric
        )
    }

    /// The kinds of hand-in it takes, in the panes' (Canvas's) words.
    private static func submissionTypes(_ assign: MoodleAssign) -> [String] {
        if assign.nosubmissions?.value == true { return ["none"] }
        var types: [String] = []
        if assign.takes("file") { types.append("online_upload") }
        if assign.takes("onlinetext") { types.append("online_text_entry") }
        return types.isEmpty ? ["none"] : types
    }

    /// Why the student can't change their submission now, as Moodle decides it (`submissions_open`).
    private static func lockReason(_ assign: MoodleAssign, status: MoodleSubmissionStatus, opens: Date?, cutoff: Date?, now: Date) -> String {
        let last = status.lastattempt
        if last?.locked == true { return "submissions are locked by the teacher" }
        if assign.keepsDrafts, last?.submission?.status == "submitted" {
            return "it is submitted for grading; only the teacher can revert it to a draft"
        }
        if let opens, opens > now { return "it does not accept submissions yet" }
        if let cutoff, cutoff <= now { return "its cut-off date has passed, so Moodle accepts nothing more" }
        return "Moodle accepts no submission from you now"
    }

    /// Where the student's submission stands, with the grade and feedback once released.
    ///
    /// `expectsHandIn` is false for an assignment without online submissions (work on paper,
    /// in class), which is never missing.
    /// `rubric` is the rubric read from the feedback, whose grade text stands for the feedback's.
    private static func submission(
        _ status: MoodleSubmissionStatus, rubric: MoodleRubricHTML.Reading?, due: Date?, expectsHandIn: Bool, now: Date
    ) -> Assignment.Submission {
        let last = status.lastattempt
        let current = last?.submission ?? last?.teamsubmission
        let number = current?.attemptnumber?.value ?? 0
        let handedIn = current?.status == "submitted"
        let modified = MoodleTime.date(current?.timemodified?.value)
        let feedback = status.feedback
        // Moodle writes "no grade" as -1 (`-` for display): comments alone are not a grade.
        let score = feedback?.grade?.grade.flatMap { Double($0) }.flatMap { $0 >= 0 ? $0 : nil }
        let shown = rubric.map(\.gradeText) ?? feedback?.gradefordisplay.flatMap(MoodleText.name)
        let grade = shown.flatMap { $0 == "-" ? nil : $0 }
        let graded = score != nil || grade != nil || last?.graded == true
        let state: Assignment.Submission.State = if graded { .graded } else if handedIn { .submitted } else { .unsubmitted }
        return Assignment.Submission(
            state: state,
            submittedAt: handedIn ? modified : nil,
            attempt: handedIn ? number + 1 : (number > 0 ? number : nil),
            isLate: handedIn && modified.map { date in due.map { date > $0 } ?? false } == true,
            isMissing: expectsHandIn && !handedIn && !graded && due.map { $0 < now } == true,
            score: score,
            grade: grade,
            postedAt: graded && feedback != nil ? MoodleTime.date(feedback?.gradeddate?.value) ?? modified : nil,
            attemptOfNextHandIn: number + 1,
            feedbackHTML: feedbackText(feedback),
            comments: feedback.map(Self.feedbackComments) ?? [],
            rubricMarks: rubric?.marks
        )
    }

    private static func feedbackText(_ feedback: MoodleSubmissionStatus.Feedback?) -> String? {
        feedback?.plugins?.first { $0.type == "comments" }?.editorfields?.first?.text.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The teacher's feedback as one comment whose text is shown as the feedback already is:
    /// it carries the feedback files (`feedback_files` of the `file` plugin) to download, and its
    /// ID changes when the teacher grades again, which marks new feedback.
    private static func feedbackComments(_ feedback: MoodleSubmissionStatus.Feedback) -> [SubmissionComment] {
        let files = (feedback.plugins ?? []).filter { $0.type == "file" }.flatMap { $0.fileareas ?? [] }.flatMap { $0.files ?? [] }
        guard feedbackText(feedback) != nil || !files.isEmpty else { return [] }
        let stamp = feedback.gradeddate?.value ?? feedback.grade?.timemodified?.value ?? 0
        return [SubmissionComment(
            id: "feedback@\(stamp)",
            text: "",
            createdAt: MoodleTime.date(stamp),
            attachments: files.map { file in
                CourseFile(
                    id: "assignfeedback:" + (file.filepath ?? "/") + (file.filename ?? ""),
                    name: file.filename ?? "feedback",
                    size: file.filesize.map { Int64($0.value) },
                    updatedAt: MoodleTime.date(file.timemodified?.value),
                    contentType: file.mimetype,
                    downloadURL: file.fileurl.flatMap { URL(string: $0) }
                )
            }
        )]
    }
}
