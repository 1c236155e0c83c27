import CourseKit
import Foundation
@testable import Launch
import Testing

/// `courses` on the command line: its view, JSON, the saved copy, and what it refuses.
@Suite struct CoursesCommandOptionsTests {
    @Test(arguments: [
        (["courses"], LaunchOptions.Command.courses(json: false, scope: nil)),
        (["courses", "--json"], .courses(json: true, scope: nil)),
        (["courses", "--scope", "all", "--json"], .courses(json: true, scope: .all)),
        (["courses", "--json", "--scope=favorites"], .courses(json: true, scope: .favorites)),
        (["courses", "--scope", "current"], .courses(json: false, scope: .current)),
    ])
    func parses(arguments: [String], command: LaunchOptions.Command) throws {
        #expect(try LaunchOptions.parse(arguments).command == command)
    }

    @Test func itTakesTheBackendOptionsAndOffline() throws {
        let options = try LaunchOptions.parse(["courses", "--moodle", "https://moodle.example", "--offline", "--profile", "work"])
        #expect(options.moodleURL != nil)
        #expect(options.offline)
    }

    @Test(arguments: [
        (["courses", "--scope", "past"], "--scope is current, favorites or all, not 'past'"),
        (["courses", "--scope"], "--scope needs a value"),
        (["due", "--scope", "all"], "--scope only goes with 'courses'"),
        (["courses", "--course", "3"], "--course doesn't go with 'courses'"),
        (["courses", "--days", "3"], "--days only goes with 'due' or 'calendar'"),
        (["courses", "extra"], "unexpected argument 'extra'"),
    ])
    func rejects(arguments: [String], message: String) {
        #expect(throws: UsageError(message)) {
            try LaunchOptions.parse(arguments)
        }
    }

    @Test func helpManualAndCompletionsKnowIt() {
        #expect(LaunchOptions.helpText.contains("coursebrowser courses [BACKEND] [--offline] [--json] [--scope NAME]"))
        #expect(ManPage.text(keys: []).contains(".B courses\n"))
        for shell in LaunchOptions.Shell.allCases {
            #expect(Completions.script(for: shell).contains("courses"), "\(shell)")
        }
        let options = Completions.options(for: .courses).map(\.name)
        #expect(options.contains("--scope") && options.contains("--json") && options.contains("--offline"))
        #expect(!options.contains("--course"))
    }
}
