import CourseKit

extension HandInFlow {
    /// Performs what an embedded flow asks: queues a `queue` effect's files in the background and
    /// hands the outcome to `queued`; `close` is the embedding pane's to apply, in its update.
    @MainActor
    static func perform(_ effect: Effect, in queue: UploadQueueClient, queued: @escaping @MainActor (QueueingOutcome) -> Void) {
        guard case let .queue(paths, course, target) = effect else { return }
        Task {
            queued(await Self.queue(paths, for: course, target: target, in: queue))
        }
    }

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
