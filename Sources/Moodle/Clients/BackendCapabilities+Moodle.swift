import CourseKit

extension BackendCapabilities {
    /// Moodle: students hand files in to assignments; a course has no files area of theirs.
    public static let moodle = BackendCapabilities(
        lmsName: "Moodle",
        courseFileUploadRefusal: "Moodle courses have no files area students can add to; hand files in to an assignment with s",
        plannerMarkRefusal: "Moodle's timeline keeps no done marks or to-dos of yours; mark an activity complete on the course's page"
    )
}
