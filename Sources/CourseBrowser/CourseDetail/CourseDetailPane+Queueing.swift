import CourseKit
import FoundationEssentials
import TerminalUI

/// How far queueing a prompt's files got: the jobs queued, and the first failure with the
/// paths it left unqueued (that one and those after it).
struct QueueingOutcome {
    var jobs: [UploadJob]
    var failure: (message: String, remaining: [LocalPath])?
}

extension CourseDetailPane {
    /// Opens the list of assignments that take files, or says why there is none to open.
    func openAssignmentPicker() {
        switch state.assignments.phase {
        case .idle, .loading:
            state.notice = Notice(text: "The assignments are still loading; press s again once they are shown")
        case let .failed(failure):
            state.notice = Notice(text: "Couldn't load the assignments (\(failure.message)); press r to retry", isProblem: true)
        case let .loaded(assignments):
            let takingFiles = AssignmentLayout.sorted(assignments.filter(\.acceptsUploads))
            guard !takingFiles.isEmpty else {
                state.notice = Notice(text: "No assignment in this course takes file uploads", isProblem: true)
                return
            }
            state.picker = AssignmentPicker(assignments: takingFiles, isFresh: state.assignmentsAreFresh)
        }
    }

    func handleTypingKey(_ key: Key) {
        if var picker = state.picker {
            let outcome = picker.handle(key)
            state.picker = picker
            switch outcome {
            case .editing: break
            case .cancelled: state.picker = nil
            case let .picked(assignment):
                state.picker = nil
                state.prompt = UploadPrompt(target: .assignment(assignment))
            }
            return
        }
        guard var prompt = state.prompt else { return }
        let outcome = prompt.handle(key, home: home)
        state.prompt = prompt
        switch outcome {
        case .editing:
            break
        case .cancelled:
            state.prompt = nil
        case let .submit(paths):
            guard let courseID = state.courseID else { return }
            queue(paths, for: courseID, target: prompt.target)
        }
    }

    /// Queues the files in the background: each as a course file, one after another, or all as one submission.
    private func queue(_ paths: [LocalPath], for course: CourseID, target: UploadPrompt.Target) {
        let queue = uploadQueue
        Task { [weak self] in
            let outcome: QueueingOutcome
            switch target {
            case .courseFiles:
                outcome = await Self.queueEach(paths, for: course, in: queue)
            case let .assignment(assignment):
                do {
                    let job = try await queue.enqueueSubmission(paths, course, assignment)
                    outcome = QueueingOutcome(jobs: [job])
                } catch {
                    outcome = QueueingOutcome(jobs: [], failure: (userMessage(for: error), paths))
                }
            }
            self?.update(.queued(outcome))
        }
    }

    /// Queues each path as a course file, stopping at the first that can't be queued.
    nonisolated private static func queueEach(_ paths: [LocalPath], for course: CourseID, in queue: UploadQueueClient) async -> QueueingOutcome {
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

    func queued(_ outcome: QueueingOutcome) {
        if let (message, remaining) = outcome.failure {
            let done = outcome.jobs.isEmpty ? "" : "Queued \(Self.names(outcome.jobs)); "
            state.prompt?.refused(done + message, keeping: remaining)
            return
        }
        let target = state.prompt?.target
        state.prompt = nil
        if case let .assignment(assignment)? = target {
            state.notice = Notice(text: "Queued \(Self.names(outcome.jobs)) for \(assignment.name); it is handed in once, when the network allows")
        } else {
            state.notice = Notice(text: "Queued \(Self.names(outcome.jobs)) for upload")
        }
    }

    /// Tells how a submission queued for this course ended, and shows it in the assignments.
    func uploadChanged(_ change: UploadChange) {
        guard case let .updated(job) = change, let plan = job.submission, job.courseID == state.courseID else { return }
        switch job.state {
        case .done:
            state.notice = Notice(text: Self.handedIn(job, plan, now: clock.now()))
            if let started = assignments.refresh() {
                state.assignments.apply(started)
            }
        case let .failed(reason):
            state.notice = Notice(text: "Couldn't hand in to \(plan.assignmentName): \(reason)", isProblem: true)
        case .queued, .uploading, .waiting, .damaged:
            break
        }
    }

    /// What Canvas recorded, as a person says it: `Handed in essay.pdf to Essay: attempt 2, Tue 1 Dec 08:41, late`.
    private static func handedIn(_ job: UploadJob, _ plan: UploadJob.Submission, now: Date) -> String {
        let lead = "Handed in \(names([job])) to \(plan.assignmentName)"
        guard let receipt = plan.receipt else { return lead }
        let time = receipt.submittedAt.map { ", " + DateText.short($0, now: now) } ?? ""
        return lead + ": attempt \(receipt.attempt)\(time), " + (receipt.isLate ? "late" : "on time")
    }

    private static func names(_ jobs: [UploadJob]) -> String {
        let files = jobs.flatMap(\.files)
        return files.count == 1 ? files[0].name : "\(files.count) files"
    }
}
