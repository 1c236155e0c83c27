import CourseBrowser
import CourseKit
import Dispatch
import FoundationEssentials
import Launch
import TerminalUI

#if canImport(Glibc)
import Glibc
#endif

/// Whether the command line asks for JSON: then a failure before the command runs is said as
/// JSON on standard output too, as the command's own are.
func asksForJSON() -> Bool {
    argumentBytes().contains(Array("--json".utf8))
}

/// Prints a usage error the way command-line tools do and exits 2, before the terminal is touched.
func failUsage(_ message: String) -> Never {
    StandardStream.error.write("coursebrowser: \(message)\n\(LaunchOptions.usageHint)\n")
    if asksForJSON() {
        StandardStream.output.write(FailureReport.text(message, kind: .usage) + "\n")
    }
    exit(2)
}

/// Prints why what the command line chose can't be used (a token file, a saved login, a
/// token command) and exits 1, before the terminal is touched; a usage error goes as one.
func failSetup(_ error: any Error) -> Never {
    if let usage = error as? UsageError { failUsage(usage.message) }
    StandardStream.error.write("coursebrowser: \(userMessage(for: error))\n")
    if asksForJSON() {
        StandardStream.output.write(FailureReport.text(userMessage(for: error), kind: FailureKind.of(error)) + "\n")
    }
    exit(1)
}

/// The arguments after the program's name as the system gave them: bytes, which `CommandLine.arguments`
/// would decode to text, replacing what is not UTF-8 and so losing the name of such a file.
func argumentBytes() -> [[UInt8]] {
    // A stride, not a range: a program started with no arguments at all (argc 0) has none after its name.
    stride(from: 1, to: Int(CommandLine.argc), by: 1).compactMap { CommandLine.unsafeArgv[$0] }.map { argument in
        Array(UnsafeRawBufferPointer(start: argument, count: strlen(argument)))
    }
}

// Beside everything up to the first request, for a run that names its site.
LiveEnvironment.openNetworkEarly()

let options: LaunchOptions
do {
    options = try LaunchOptions.parse(bytes: argumentBytes())
} catch {
    failUsage(error.message)
}

switch options.action {
case .help where options.command == .browse:
    print(LaunchOptions.helpText + "\n\n" + KeyTable.helpSection)
    exit(0)
case .help:
    print(LaunchOptions.helpText(for: options.command))
    exit(0)
case .version:
    print(LaunchOptions.versionText(commit: BuildCommit.short))
    exit(0)
case .run:
    break
}

/// The environment the program was started with, read from `environ`: asking `ProcessInfo`
/// set all of it up first, which took longer than the rest of the start before the first frame.
/// Where a name is given twice, the first counts, as `getenv` has it.
func startingEnvironment() -> [String: String] {
    var variables: [String: String] = [:]
    guard var entry = environ as UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? else { return variables }
    while let pointer = entry.pointee {
        let bytes = UnsafeRawBufferPointer(start: pointer, count: strlen(pointer))
        if let equals = bytes.firstIndex(of: UInt8(ascii: "=")) {
            let name = String(decoding: bytes[..<equals], as: UTF8.self)
            if variables[name] == nil {
                variables[name] = String(decoding: bytes[(equals + 1)...], as: UTF8.self)
            }
        }
        entry += 1
    }
    return variables
}

let processEnvironment = startingEnvironment()

/// Runs a command on the main queue and exits with its status.
func runCommand(_ command: @escaping @MainActor () async -> Int32) -> Never {
    Task { @MainActor in exit(await command()) }
    dispatchMain()
}

/// Runs `command`, then readies the process to exit: waits (briefly) for what it left to be
/// written (saved copies and the last rate budget reading, which `status` shows) and stops the
/// HTTP engine's thread.
func runCommand(writingThrough services: LiveEnvironment.Services, _ command: @escaping @MainActor () async -> Int32) -> Never {
    runCommand {
        let status = await command()
        services.prepareToExit()
        return status
    }
}

let logins = LoginStore(directory: Paths.live(environment: processEnvironment).configDirectory)
switch options.command {
case let .login(url):
    runCommand { await LoginCommand.login(url: url, options: options, store: logins, environment: processEnvironment) }
case .logout:
    exit(LoginCommand.logout(options: options, store: logins))
case let .completions(shell):
    print(Completions.script(for: shell), terminator: "")
    exit(0)
case .manPage:
    print(ManPage.text(keys: KeyTable.groups), terminator: "")
    exit(0)
case .browse, .upload, .submit, .queue, .drain, .courses, .course, .grades, .due, .calendar, .sync, .status, .mcp:
    break
}

let services: LiveEnvironment.Services
do {
    services = try LiveEnvironment.make(options: options, processEnvironment: processEnvironment)
} catch {
    failSetup(error)
}

/// `failUsage` once the services are made: libcurl may be opening on a thread of its own by
/// then, so the process leaves it first (`prepareToExit`).
func failUsage(_ message: String, leaving services: LiveEnvironment.Services) -> Never {
    services.prepareToExit()
    failUsage(message)
}

switch options.command {
case let .upload(files):
    guard let course = options.course else { failUsage("upload needs --course ID", leaving: services) }
    runCommand(writingThrough: services) { await QueueCommands.upload(files: files, course: course, services: services) }
case let .submit(files):
    guard let course = options.course, let assignment = options.assignment else {
        failUsage("submit needs --course ID and --assignment ID", leaving: services)
    }
    if options.submitText != nil || options.submitURL != nil {
        let content = QueueCommands.Content(textFile: options.submitText, url: options.submitURL)
        runCommand(writingThrough: services) {
            await QueueCommands.submit(content, course: course, assignmentID: assignment, assumeYes: options.assumeYes, services: services)
        }
    }
    runCommand(writingThrough: services) { await QueueCommands.submit(files: files, course: course, assignmentID: assignment, assumeYes: options.assumeYes, services: services) }
case let .queue(json, clearDone):
    runCommand(writingThrough: services) { await QueueCommands.list(json: json, clearingDone: clearDone, services: services) }
case let .drain(timeout):
    runCommand(writingThrough: services) { await QueueCommands.drain(timeout: timeout, services: services) }
case let .courses(json, scope):
    runCommand(writingThrough: services) { await CoursesCommand.run(json: json, scope: scope, services: services, processEnvironment: processEnvironment) }
case let .course(json):
    guard let course = options.course else { failUsage("course needs a course ID", leaving: services) }
    runCommand(writingThrough: services) { await CourseCommand.run(course: course, json: json, services: services, processEnvironment: processEnvironment) }
case let .grades(json):
    guard let course = options.course else { failUsage("grades needs a course ID", leaving: services) }
    runCommand(writingThrough: services) { await GradesCommand.run(course: course, json: json, services: services, processEnvironment: processEnvironment) }
case let .due(json, days):
    runCommand(writingThrough: services) { await DueCommands.due(json: json, days: days, services: services, processEnvironment: processEnvironment) }
case let .calendar(days):
    runCommand(writingThrough: services) { await DueCommands.calendar(days: days, services: services) }
case let .sync(directory, json):
    guard let course = options.course else { failUsage("sync needs --course ID", leaving: services) }
    runCommand(writingThrough: services) { await SyncCommand.run(course: course, directory: directory, json: json, services: services) }
case let .status(json):
    runCommand(writingThrough: services) { await StatusCommand.run(json: json, services: services) }
case .mcp:
    runCommand(writingThrough: services) { await MCPServer.run(services: services, options: options) }
case .browse:
    break
case .login, .logout, .completions, .manPage:
    // Each ran and exited above.
    exit(0)
}

guard isatty(STDIN_FILENO) != 0, isatty(STDOUT_FILENO) != 0 else {
    failUsage("needs a terminal: run it in an interactive shell, not with input or output redirected", leaving: services)
}

let shell = AppShell(environment: services.environment)
shell.start(openingCourse: options.course, focusing: options.showsDue ? .due : nil, refreshingEvery: options.offline ? nil : options.refreshInterval)
services.startUploading()
let loop = EventLoop(app: shell, handover: services.terminalHandover)
let terminalModes = TerminalModesRecord(
    directory: TerminalModesRecord.directory(environment: processEnvironment, fallback: services.environment.paths.dataDirectory)
)
loop.beforeStart = { terminalModes?.recoverAndRecord() }
loop.beforeExit = {
    terminalModes?.remove()
    services.prepareToExit()
}
loop.run(environment: processEnvironment, mouse: !options.noMouse)
