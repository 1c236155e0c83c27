import CourseKit

extension UploadsState {
    /// Takes from `courses`, as the course list loads them, what each course is called in a row.
    ///
    /// Every course is kept, not only those of the jobs now in the queue: a file queued later is
    /// mostly for a course the list already showed, and a short string a course costs little
    /// beside the courses the list itself holds.
    mutating func learnNames(of courses: [Course]) {
        for course in courses {
            if let label = course.label {
                courseNames[course.id] = label
            }
        }
    }

    /// What `job`'s course is called in its row: a download's folder, which is named after the
    /// course, else what the course list said, else the course's ID; `—` for a mark or a to-do
    /// of the student's own that belongs to no course, as the Due pane writes it.
    func courseLabel(of job: UploadJob) -> String {
        if job.courseID == UploadJob.plannerCourse, job.isPlannerMark || job.isPlannerNote { return "—" }
        return job.download.flatMap(UploadRow.courseFolder) ?? courseNames[job.courseID] ?? job.courseID.rawValue
    }
}
