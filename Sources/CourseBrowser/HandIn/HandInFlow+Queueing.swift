import CourseKit

extension HandInFlow {
    /// Queues the files of a `queue` effect: each as a course file, one after another, or all as one submission.
    static func queue(_ paths: [LocalPath], for course: CourseID, target: UploadPrompt.Target, in queue: UploadQueueClient) async -> QueueingOutcome {
        switch target {
        case .courseFiles:
            return await queueEach(paths, for: course, in: queue)
        case let .assignment(assignment):
            do {
                let job = try await queue.enqueueSubmission(paths, course, assignment)
                return QueueingOutcome(jobs: [job])
            } catch {
                return QueueingOutcome(jobs: [], failure: (userMessage(for: error), paths))
            }
        }
    }

    /// Queues each path as a course file, stopping at the first that can't be queued.
    private static func queueEach(_ paths: [LocalPath], for course: CourseID, in queue: UploadQueueClient) async -> QueueingOutcome {
        var jobs: [UploadJob] = []
        for (index, path) in paths.enumerated() {
            do {
                jobs.append(try await queue.enqueue(path, course))
            } catch {
                return QueueingOutcome(jobs: jobs, failure: (userMessage(for: error), Array(paths[index...])))
            }
        }
        return QueueingOutcome(jobs: jobs)
    }
}
