import CourseKit

extension UploadTransport {
    /// Moodle has no course files a student can add to: a job for one fails for good, saying so,
    /// as only a queue copied from another backend could hold one (the panes don't offer it).
    public static let moodle = UploadTransport { _, _, _ in
        throw MoodleError.refused(action: "add the file to the course", reason: BackendCapabilities.moodle.courseFileUploadRefusal ?? "")
    }
}
