import CourseKit
import FoundationEssentials

extension HandInFlow {
    /// What performing the flow's effects takes, from the embedding pane's environment.
    struct Services {
        var queue: UploadQueueClient
        var editor: TextEditor
        /// Where texts are written (`TextDraft`).
        var drafts: URL

        init(environment: EnvironmentValues) {
            queue = environment.uploadQueue
            editor = environment.textEditor
            drafts = environment.paths.dataDirectory.appendingPathComponent("drafts")
        }
    }

    /// Performs what an embedded flow asks in the background, handing what comes of it to
    /// `answer`: queues files, a text or a link, or opens the editor on a text's draft; `close` is
    /// the embedding pane's to apply, in its update.
    @MainActor
    static func perform(_ effect: Effect, with services: Services, answer: @escaping @MainActor (Event) -> Void) {
        switch effect {
        case let .queue(paths, course, target):
            Task { answer(.queued(await Self.queue(paths, for: course, target: target, in: services.queue))) }
        case let .write(assignment, course):
            Task { answer(.written(await Self.write(assignment, of: course, with: services))) }
        case let .queueContent(content, course, assignment):
            Task { answer(.queued(await Self.queue(content, for: course, to: assignment, in: services.queue))) }
        case .close:
            break
        }
    }

    /// Opens the editor on the assignment's draft, in a folder only the student can read, and
    /// reads what it holds once the editor closes.
    static func write(_ assignment: Assignment, of course: CourseID, with services: Services) async -> TextDraft.Reading {
        await TextDraft.edit(TextDraft.place(for: assignment, of: course, in: services.drafts), in: services.drafts, with: services.editor)
    }

    /// Queues a text or a link as one submission; a text's draft is removed once the job holds it.
    static func queue(_ content: HandInContent, for course: CourseID, to assignment: Assignment, in queue: UploadQueueClient) async -> QueueingOutcome {
        do {
            switch content {
            case let .text(text, draft):
                let job = try await queue.enqueueContent(text, nil, course, assignment)
                try? FileManager.default.removeItem(atPath: draft.path)
                return QueueingOutcome(jobs: [job])
            case let .link(address):
                return QueueingOutcome(jobs: [try await queue.enqueueContent(nil, address, course, assignment)])
            }
        } catch {
            return QueueingOutcome(jobs: [], failure: (userMessage(for: error), []))
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
