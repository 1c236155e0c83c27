import CourseKit

extension HandInFlow {
    /// The flow with `assignment` already chosen, straight at its file prompt: for a pane that
    /// has the assignment in hand, read from the backend just now.
    static func handIn(to course: CourseID, picked assignment: Assignment, home: String, lms: String = BackendCapabilities.canvas.lmsName) -> HandInFlow {
        HandInFlow(course: course, isFresh: true, home: home, lms: lms, stage: .typing(UploadPrompt(target: .assignment(assignment))))
    }
}
