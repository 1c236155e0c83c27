import CourseBrowser
import CourseKit
import FoundationEssentials
import Launch
import UploadQueue

extension QueueCommands {
    /// Queues `files` as one submission to `assignmentID` of `course`, after the checks the
    /// Course pane makes; when one fails, nothing is queued and the status is 1.
    static func submit(files: [LocalPath], course: CourseID, assignmentID: String, services: LiveEnvironment.Services) async -> Int32 {
        let environment = services.environment
        guard let assignment = await findAssignment(assignmentID, in: course, client: environment.courseClient) else { return 1 }
        let problems = ([assignment.uploadRefusal] + files.map { assignment.refusal(forFileNamed: $0.lastPathComponent) })
            .compactMap { $0 }
        guard problems.isEmpty else {
            problems.forEach(printError)
            return 1
        }
        let now = environment.clock.now()
        if assignment.isPastDue(at: now), let due = assignment.dueAt {
            printError("warning: \(assignment.name) \(DateText.due(due, now: now)); this submission will be marked late")
        }
        do {
            let job = try await environment.uploadQueue.enqueueSubmission(files, course, assignment)
            say("queued \(job.id) \(assignment.name): \(files.map(\.path).joined(separator: " "))")
            return 0
        } catch {
            printError(userMessage(for: error))
            return 1
        }
    }

    /// The assignment as the backend lists it now; when the backend can't be reached, one
    /// named by its ID alone, so a student on a train can still queue, and Canvas checks it
    /// when it is sent. Nil (after saying why) when it does not exist or can't be read.
    private static func findAssignment(_ id: String, in course: CourseID, client: CourseClient) async -> Assignment? {
        do {
            let assignments = try await client.assignments(course, .ignored)
            guard let assignment = assignments.first(where: { $0.id == id }) else {
                printError("Course \(course) has no assignment \(id)")
                return nil
            }
            return assignment
        } catch let error as any TransientError where error.isTransient {
            printError("warning: can't check assignment \(id) now (\(userMessage(for: error))); queued anyway, and checked when it is sent")
            return Assignment(id: id, name: "Assignment \(id)", submissionTypes: ["online_upload"])
        } catch {
            printError(userMessage(for: error))
            return nil
        }
    }
}
