import CourseBrowser
import CourseKit
import FoundationEssentials
import TerminalUI
import UploadQueue

#if canImport(Glibc)
import Glibc
#endif

extension QueueCommands {
    /// Queues `files` as one submission to `assignmentID` of `course`, after the checks the
    /// Course pane makes and after saying what the hand-in will do; when a check fails, or the
    /// person at the terminal doesn't answer yes, nothing is queued and the status is 1.
    /// `assumeYes` (`--yes`) skips the question, as does a standard input that is no terminal.
    package static func submit(
        files: [LocalPath], course: CourseID, assignmentID: String, assumeYes: Bool = false, services: LiveEnvironment.Services
    ) async -> Int32 {
        let environment = services.environment
        guard let (assignment, isFresh) = await findAssignment(assignmentID, in: course, environment: environment) else { return 1 }
        let problems = [assignment.uploadRefusal(isFresh: isFresh)].compactMap { $0 } + HandInChecks.refusals(files, to: assignment)
            + files.compactMap(absence)
        guard problems.isEmpty else {
            problems.forEach(printError)
            return 1
        }
        let now = environment.clock.now()
        let lms = environment.capabilities.lmsName
        for warning in HandInWarning.messages(for: assignment, now: now, isFresh: isFresh, lms: lms) {
            printError("warning: " + warning)
        }
        let summary = HandInSummary.text(files: files.map(\.lastPathComponent), to: assignment, now: now)
        return await askThenQueue(summary, to: assignment, lms: lms, assumeYes: assumeYes, what: "the files") {
            let job = try await environment.uploadQueue.enqueueSubmission(files, course, assignment)
            return "queued \(job.id) \(assignment.name): \(files.map(\.path).joined(separator: " "))"
        }
    }

    /// The status `submit` exits with when the hand-in was not agreed to (the answer was no, or a
    /// statement to accept went unanswered): nothing failed, and nothing was queued.
    static let notConfirmed: Int32 = 3

    /// Asks `summary` (see `confirm`), then runs `queue` and says what it answers; the status
    /// `submit` exits with: `notConfirmed` where the answer is no, 1 where queueing fails.
    static func askThenQueue(
        _ summary: String, to assignment: Assignment, lms: String, assumeYes: Bool, what: String, queue: () async throws -> String
    ) async -> Int32 {
        let consent = assignment.submissionStatement != nil
        guard await confirm(summary, asking: !assumeYes, needsConsent: consent) else {
            let how = consent ? "\(lms) asks you to accept the statement: answer y at a terminal, or give --yes to accept it" : "answer y to hand \(what) in, or give --yes"
            printError("Nothing was handed in: " + how)
            return notConfirmed
        }
        do {
            say(try await queue())
            return 0
        } catch {
            printError(userMessage(for: error))
            return 1
        }
    }

    /// Why `file` isn't there to hand in: checked before the question, which should never be
    /// about a file that can't be sent. The queue checks it again as it copies it.
    static func absence(of file: LocalPath) -> String? {
        guard let status = file.status() else { return UploadQueueError.missing(path: file.path).userMessage }
        return status.st_mode & S_IFMT == S_IFDIR ? UploadQueueError.folder(path: file.path).userMessage : nil
    }

    /// Says `summary` on stderr, asking it as a question when `asking` and a person types the
    /// answers; whether to go on: always when nobody is asked, else only on `y` or `yes`. A
    /// hand-in that `needsConsent` (a statement to accept) is never taken as agreed without an
    /// answer: unasked, it goes on only with `--yes` (`asking` false).
    @MainActor
    static func confirm(_ summary: String, asking: Bool, needsConsent: Bool) -> Bool {
        var input = PromptInput()
        let summary = Sanitizer.clean(summary)
        guard asking, input.isTerminal else {
            StandardStream.error.write(summary + "\n")
            return !(asking && needsConsent)
        }
        return input.confirm(summary + "? y/n ")
    }

    /// The assignment as the backend lists it now, and whether it was read just now. When the
    /// backend can't be reached, the one last saved, so its lock can still be warned of; else
    /// one named by its ID alone, so a student on a train can still queue, and the site checks it
    /// when it is sent. Nil (after saying why) when it does not exist or can't be read.
    static func findAssignment(_ id: String, in course: CourseID, environment: EnvironmentValues) async -> (Assignment, isFresh: Bool)? {
        do {
            let assignments = try await environment.courseClient.assignments(course, .ignored)
            guard let assignment = assignments.first(where: { $0.id == id }) else {
                printError("Course \(course) has no assignment \(id)")
                return nil
            }
            return (assignment, true)
        } catch let error as any TransientError where error.isTransient {
            if let saved = environment.savedCopies.assignments(course)?.value.first(where: { $0.id == id }) {
                printError("warning: can't check assignment \(id) now (\(userMessage(for: error))); going by the copy saved earlier, and \(environment.capabilities.lmsName) checks it when it is sent")
                return (saved, false)
            }
            printError("warning: can't check assignment \(id) now (\(userMessage(for: error))); it goes unchecked, and \(environment.capabilities.lmsName) checks it when it is sent")
            return (Assignment(id: id, name: "Assignment \(id)", submissionTypes: ["online_upload"]), false)
        } catch {
            printError(userMessage(for: error))
            return nil
        }
    }
}
