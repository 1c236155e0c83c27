import CourseBrowser
import CourseKit
import FoundationEssentials
import TerminalUI

#if canImport(Glibc)
import Glibc
#endif

/// The `prepare_hand_in` tool: a hand-in checked as `submit` checks it, and the command that
/// makes it, for the person to run. Handing in stays their act: nothing is queued or sent here.
enum HandInPreparation {
    /// What is handed in: files, a text file's text, or a link.
    enum Content {
        case files([LocalPath])
        case text(LocalPath)
        case link(String)
    }

    /// Checks the hand-in the arguments name and gives the command that makes it.
    @Sendable static func run(_ arguments: MCPArguments, _ context: MCPContext) async throws -> MCPToolAnswer.Data {
        var course = try arguments.course()
        let given = try arguments.text("assignment_id") ?? ""
        let reference: AssignmentReference
        do {
            reference = try AssignmentReference(given)
        } catch {
            throw SavedCopyFallback.Failure(message: "assignment_id: " + error.message, kind: .usage)
        }
        if let link = reference.link { course = link.course }
        let environment = context.environment
        let content = try self.content(arguments, home: environment.paths.homeDirectory.path)
        let part = await CourseReport.part(.assignments(environment), course, section: "assignments", now: context.now, within: context.waitLimit)
        var check = Check()
        let assignment: Assignment
        let isFresh = part.value != nil && part.savedAt == nil
        if let listed = part.value?.first(where: { $0.id == reference.id }) {
            assignment = listed
            if !isFresh { check.warnings.append("checked against the copy saved \(DueListing.age(of: part.savedAt ?? context.now, now: context.now)): the site could not be asked now") }
        } else if isFresh {
            throw SavedCopyFallback.Failure(message: "Course \(course) has no assignment \(reference.id)", kind: .notFound)
        } else if let failure = part.failure, failure.kind != .offline, failure.kind != .server, failure.kind != .rateLimited {
            throw failure
        } else {
            assignment = Assignment(id: reference.id, name: "Assignment \(reference.id)", submissionTypes: ["online_upload"])
            check.warnings.append("can't check assignment \(reference.id) now: submit queues it unchecked, and the site checks it when it is sent")
        }
        check.review(content, for: assignment, isFresh: isFresh, environment: environment, now: context.now)
        return MCPToolAnswer.Data(check.value(content, course: course, assignment: assignment, context: context), savedAt: part.savedAt)
    }

    /// The content the arguments name: exactly one of `files`, `text_file` and `url`.
    private static func content(_ arguments: MCPArguments, home: String) throws(SavedCopyFallback.Failure) -> Content {
        let files = arguments.values["files"]
        let text = try arguments.text("text_file")
        let link = try arguments.text("url")
        let given = [files != nil && files != .null, text != nil, link != nil].count { $0 }
        guard given == 1 else {
            throw SavedCopyFallback.Failure(message: "give the hand-in as one of files, text_file or url", kind: .usage)
        }
        if let text { return .text(LocalPath(located(text, home: home))) }
        if let link {
            guard let address = link.nonBlank?.trimming(.whitespaces), !address.contains(where: \.isWhitespace) else {
                throw SavedCopyFallback.Failure(message: "url needs one address, such as https://example.com/essay", kind: .usage)
            }
            return .link(address)
        }
        guard let paths = files?.arrayValue?.compactMap(\.stringValue), !paths.isEmpty, paths.count == files?.arrayValue?.count else {
            throw SavedCopyFallback.Failure(message: "files needs a list of one or more file paths", kind: .usage)
        }
        return .files(paths.map { LocalPath(located($0, home: home)) })
    }

    /// `path` from the root, as the command must name it wherever the student runs it: one
    /// relative to `home` (`~/`, where given) or to the directory the server runs in made whole.
    static func located(_ path: String, home: String? = nil) -> String {
        if path.hasPrefix("/") { return path }
        if path == "~" || path.hasPrefix("~/"), let home {
            return home + path.dropFirst()
        }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return path }
        let directory = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return (directory == "/" ? "" : directory) + "/" + path
    }

    /// Why `path` can't go into a command shown to the student: a character a terminal acts on
    /// or hides (a control, a tab, a line break, a direction mark), which would make the command
    /// they read name another file than the one they run.
    static func hiddenCharacters(in path: String) -> String? {
        let hides = path.unicodeScalars.contains { Sanitizer.isTerminalControl($0) || $0.value < 0x20 || [0x200E, 0x200F, 0x061C].contains($0.value) }
        return hides ? "\(Sanitizer.clean(path)) has a character in its name that a terminal hides or acts on: rename the file first" : nil
    }
}

extension HandInPreparation {
    /// What the checks found: what stops the hand-in, and what the person should know first.
    struct Check {
        var problems: [String] = []
        var warnings: [String] = []

        /// Checks `content` against `assignment` as `submit` does.
        mutating func review(_ content: Content, for assignment: Assignment, isFresh: Bool, environment: EnvironmentValues, now: Date) {
            switch content {
            case let .files(files):
                problems += [assignment.uploadRefusal(isFresh: isFresh)].compactMap { $0 } + HandInChecks.refusals(files, to: assignment)
                    + files.compactMap(QueueCommands.absence) + files.compactMap { HandInPreparation.hiddenCharacters(in: $0.path) }
            case let .text(file):
                problems += [HandInPreparation.hiddenCharacters(in: file.path)].compactMap { $0 }
                if case let .failure(problem) = QueueCommands.readText(file) { problems.append(problem.message) }
                reviewContent("online_text_entry", "text entry", for: assignment, isFresh: isFresh, environment: environment)
            case let .link(address):
                problems += [HandInPreparation.hiddenCharacters(in: address)].compactMap { $0 }
                reviewContent("online_url", "link", for: assignment, isFresh: isFresh, environment: environment)
            }
            warnings += HandInWarning.messages(for: assignment, now: now, isFresh: isFresh, lms: environment.capabilities.lmsName)
            if let statement = assignment.submissionStatement {
                warnings.append("\(environment.capabilities.lmsName) asks the student to accept this statement, which submit asks at their terminal: \(statement)")
            }
        }

        private mutating func reviewContent(_ kind: String, _ name: String, for assignment: Assignment, isFresh: Bool, environment: EnvironmentValues) {
            if let refusal = environment.capabilities.contentHandInRefusal { problems.append(refusal) }
            if isFresh, !assignment.submissionTypes.contains(kind) {
                problems.append("\(assignment.name) takes no \(name) (it takes: \(assignment.takenKinds))")
            }
            if let refusal = assignment.lockRefusal(isFresh: isFresh) { problems.append(refusal) }
        }

        /// The tool's answer: whether it is ready, why not, the warnings and the command.
        func value(_ content: Content, course: CourseID, assignment: Assignment, context: MCPContext) -> PrettyJSON.Value {
            let ready = problems.isEmpty
            return .object([
                "ready": .bool(ready),
                "problems": .array(problems.map(PrettyJSON.Value.string)),
                "warnings": .array(warnings.map(PrettyJSON.Value.string)),
                "assignment": .object([
                    "id": .string(assignment.id), "name": .string(assignment.name),
                    "due_at": .string(assignment.dueAt?.formatted(.iso8601)),
                ]),
                "command": .string(ready ? HandInPreparation.command(content, course: course, assignment: assignment.id, context: context) : nil),
                "note": .string("Nothing was handed in. The student hands it in by running the command themselves; it asks them to confirm, and sends it exactly once."),
            ])
        }
    }

    /// The `coursebrowser submit` command line that makes the hand-in, its words quoted for a POSIX shell.
    static func command(_ content: Content, course: CourseID, assignment: String, context: MCPContext) -> String {
        var words = ["coursebrowser", "submit"] + context.siteArguments + ["--course", course.rawValue, "--assignment", assignment]
        switch content {
        // After `--`, a file named like an option (`--yes`) is still a file.
        case let .files(files): words += ["--"] + files.map(\.path)
        case let .text(file): words += ["--text", file.path]
        case let .link(address): words += ["--url", address]
        }
        return words.map(ShellWord.quoted).joined(separator: " ")
    }
}
