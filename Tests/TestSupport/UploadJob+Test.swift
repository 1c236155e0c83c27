import CourseKit
import Foundation

/// A queued job for `fileName` in `course`.
package func uploadJob(_ fileName: String = "essay.pdf", course: CourseID = CourseID(42), size: Int64 = 0, id: String = "job-1") -> UploadJob {
    UploadJob(
        id: id, courseID: course, fileName: fileName, sourcePath: "/home/me/\(fileName)", size: size,
        backend: "test", queuedAt: Date(timeIntervalSince1970: 0)
    )
}
