import CourseBrowser
import CourseKit

extension QueueCommands {
    /// Whether files can be queued for `course`: asks the backend for it, so a course that does
    /// not exist, or whose Files the user's enrollment can't add to, is refused before anything
    /// is queued, saying so.
    ///
    /// A network that is down never refuses: the course is taken as a saved copy knows it, or
    /// queued unchecked with a warning, as a file handed in on a train must not be lost; Canvas
    /// checks the course when the file is sent.
    static func checkCourse(_ course: CourseID, environment: EnvironmentValues) async -> Bool {
        do {
            let found = try await environment.courseClient.course(course, .ignored)
            if let refusal = found.courseFilesRefusal {
                printError(refusal + "; hand files in to an assignment with coursebrowser submit")
                return false
            }
            return true
        } catch let error as any TransientError where error.isTransient {
            let saved = environment.savedCopies
            let known = saved.course(course) != nil || CourseScope.allCases.contains { saved.courses($0)?.value.contains { $0.id == course } == true }
            guard !known else { return true }
            printError("warning: can't check course \(course) now (\(userMessage(for: error))); queued anyway, and checked when it is sent")
            return true
        } catch {
            printError(userMessage(for: error))
            return false
        }
    }

    /// What each course of `jobs` is called in the `queue` listing: from the course lists and
    /// courses saved earlier, else, for the sample or a catalog, from the backend, which answers
    /// without a network; a course none knows is left out, and listed by its ID.
    static func courseNames(of jobs: [UploadJob], services: LiveEnvironment.Services) async -> [CourseID: String] {
        let wanted = Set(jobs.map(\.courseID))
        guard !wanted.isEmpty else { return [:] }
        let environment = services.environment
        let saved = environment.savedCopies
        var names = savedCourseNames(of: wanted, in: saved)
        for id in wanted where names[id] == nil {
            if let course = saved.course(id)?.value {
                names[id] = course.label
            } else if services.account == nil, let course = try? await environment.courseClient.course(id, .ignored) {
                // Only the sample and catalogs are asked: listing the queue must not wait on the network.
                names[id] = course.label
            }
        }
        return names
    }

    /// What the saved course lists call the `wanted` courses, by ID.
    private static func savedCourseNames(of wanted: Set<CourseID>, in saved: SavedCopyClient) -> [CourseID: String] {
        var names: [CourseID: String] = [:]
        for course in CourseScope.allCases.flatMap({ saved.courses($0)?.value ?? [] }) where wanted.contains(course.id) {
            names[course.id] = names[course.id] ?? course.label
        }
        return names
    }
}
