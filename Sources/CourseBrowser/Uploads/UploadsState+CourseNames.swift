import CourseKit

extension UploadsState {
    /// Keeps `courses`, as the course list loads them, to name the courses of jobs by.
    ///
    /// Only the courses of jobs in the queue are looked up, now and as jobs come: a list of a
    /// hundred thousand courses costs nothing here while the queue is empty.
    mutating func learnNames(of courses: [Course]) {
        knownCourses = courses
        coursesLookedFor = []
        nameCoursesOfJobs()
    }

    /// Looks up, in the courses the list loaded, the courses of jobs not looked for yet.
    mutating func nameCoursesOfJobs() {
        guard !knownCourses.isEmpty else { return }
        let wanted = Set(jobs.map(\.courseID)).subtracting(coursesLookedFor)
        guard !wanted.isEmpty else { return }
        coursesLookedFor.formUnion(wanted)
        for course in knownCourses where wanted.contains(course.id) {
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
