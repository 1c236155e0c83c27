import CourseBrowser
import CourseKit
import FileSystem
import FoundationEssentials
import TerminalUI

extension QueueCommands {
    /// A text entry or a link to hand in, as `submit --text FILE` or `--url URL` names it.
    package struct Content {
        package var textFile: LocalPath?
        package var url: String?

        package init(textFile: LocalPath?, url: String?) {
            self.textFile = textFile
            self.url = url
        }
    }

    /// The most text a text entry takes from a file, as from the editor's draft.
    static let largestText = Int64(HandInText.largest)

    /// Queues `content` as one submission to `assignmentID` of `course`, after the same checks,
    /// warnings and question as a hand-in of files; nothing is queued when one fails (status 1).
    package static func submit(
        _ content: Content, course: CourseID, assignmentID: String, assumeYes: Bool = false, services: LiveEnvironment.Services
    ) async -> Int32 {
        let environment = services.environment
        if let refusal = environment.capabilities.contentHandInRefusal {
            printError(refusal)
            return 1
        }
        let text: String?
        switch readText(content.textFile) {
        case let .failure(problem):
            printError(problem.message)
            return 1
        case let .success(read):
            text = read
        }
        guard let (assignment, isFresh) = await findAssignment(assignmentID, in: course, environment: environment) else { return 1 }
        let kind = text != nil ? "online_text_entry" : "online_url"
        if isFresh, !assignment.submissionTypes.contains(kind) {
            printError("\(assignment.name) takes no \(text != nil ? "text entry" : "link") (it takes: \(assignment.takenKinds))")
            return 1
        }
        if let refusal = assignment.lockRefusal(isFresh: isFresh) {
            printError(refusal)
            return 1
        }
        let now = environment.clock.now()
        let lms = environment.capabilities.lmsName
        for warning in HandInWarning.messages(for: assignment, now: now, isFresh: isFresh, lms: lms) {
            printError("warning: " + warning)
        }
        let what = text.map(HandInText.naming(text:)) ?? HandInText.naming(link: content.url ?? "")
        let summary = HandInSummary.text(files: [what], to: assignment, now: now)
        return await askThenQueue(summary, to: assignment, lms: lms, assumeYes: assumeYes, what: "it") {
            let job = try await environment.uploadQueue.enqueueContent(text, text == nil ? content.url : nil, course, assignment)
            return "queued \(job.id) \(assignment.name): \(what)"
        }
    }

    /// Why a text file can't be handed in.
    struct TextProblem: Error {
        var message: String
    }

    /// The text of `file`, nil without one; a file that can't be read, isn't UTF-8 or holds
    /// nothing but blanks is a problem, said before anything is asked.
    static func readText(_ file: LocalPath?) -> Result<String?, TextProblem> {
        guard let file else { return .success(nil) }
        guard let data = Files.contents(of: file.path, atMost: largestText) else {
            return .failure(TextProblem(message: "Can't read \(file.path) as a text of at most \(ByteSize.format(largestText))"))
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            return .failure(TextProblem(message: "\(file.path) is not UTF-8 text"))
        }
        guard HandInText.wordCount(text) > 0 else {
            return .failure(TextProblem(message: "\(file.path) is empty: there is nothing to hand in"))
        }
        return .success(text)
    }
}
