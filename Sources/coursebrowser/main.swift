import CourseBrowser
import CourseKit
import Foundation
import TerminalUI

/// Prints a usage error the way command-line tools do and exits 2, before the terminal is touched.
func failUsage(_ message: String) -> Never {
    FileHandle.standardError.write(Data("coursebrowser: \(message)\n\(LaunchOptions.usageHint)\n".utf8))
    exit(2)
}

let options: LaunchOptions
do {
    options = try LaunchOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    failUsage(error.message)
}

switch options.action {
case .help:
    print(LaunchOptions.helpText)
    exit(0)
case .version:
    print("coursebrowser \(LaunchOptions.version)")
    exit(0)
case .run:
    break
}

guard options.command == .browse else {
    failUsage("the upload queue commands are not available in this build")
}

guard isatty(STDIN_FILENO) != 0, isatty(STDOUT_FILENO) != 0 else {
    failUsage("needs a terminal: run it in an interactive shell, not with input or output redirected")
}

let processEnvironment = ProcessInfo.processInfo.environment
let environment: EnvironmentValues
do {
    environment = try LiveEnvironment.make(options: options, processEnvironment: processEnvironment)
} catch {
    failUsage(userMessage(for: error))
}

let shell = AppShell(environment: environment)
shell.start(openingCourse: options.course)
EventLoop(app: shell).run(environment: processEnvironment)
