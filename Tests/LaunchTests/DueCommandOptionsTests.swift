import CourseKit
import Foundation
@testable import Launch
import Testing

/// `due` and `calendar` on the command line: their options, their limits, and what they refuse.
@Suite struct DueCommandOptionsTests {
    @Test(arguments: [
        (["due"], LaunchOptions.Command.due(json: false, days: nil)),
        (["due", "--json"], .due(json: true, days: nil)),
        (["due", "--days", "7", "--json"], .due(json: true, days: 7)),
        (["due", "--json", "--days=365"], .due(json: true, days: 365)),
        (["calendar"], .calendar(days: nil)),
        (["calendar", "--days", "1"], .calendar(days: 1)),
    ])
    func parses(arguments: [String], command: LaunchOptions.Command) throws {
        #expect(try LaunchOptions.parse(arguments).command == command)
    }

    @Test func theyTakeTheBackendOptionsAndOffline() throws {
        let options = try LaunchOptions.parse(["due", "--canvas", "https://school.example", "--token-file", "t", "--offline", "--profile", "work"])
        #expect(options.canvasURL == URL(string: "https://school.example"))
        #expect(options.offline)
        #expect(try LaunchOptions.parse(["calendar", "--catalog", "c.json", "--no-cache"]).catalogPath == "c.json")
    }

    @Test(arguments: [
        (["due", "--days", "0"], "--days needs a whole number of days from 1 to 365, not '0'"),
        (["due", "--days", "-3"], "--days needs a whole number of days from 1 to 365, not '-3'"),
        (["calendar", "--days", "366"], "--days needs a whole number of days from 1 to 365, not '366'"),
        (["due", "--days", "1.5"], "--days needs a whole number of days from 1 to 365, not '1.5'"),
        (["due", "--days"], "--days needs a value"),
        (["due", "--days", "2", "--days", "3"], "--days was given more than once"),
        (["--days", "3"], "--days only goes with 'due' or 'calendar'"),
        (["queue", "--days", "3"], "--days only goes with 'due' or 'calendar'"),
        (["calendar", "--json"], "--json only goes with 'queue', 'courses', 'course', 'grades', 'due', 'sync' or 'status'"),
        (["due", "--course", "3"], "--course doesn't go with 'due'"),
        (["due", "--due"], "--due only goes with the browser (coursebrowser with no command)"),
        (["due", "extra"], "unexpected argument 'extra'"),
        (["calendar", "out.ics"], "unexpected argument 'out.ics'"),
    ])
    func rejects(arguments: [String], message: String) {
        #expect(throws: UsageError(message)) {
            try LaunchOptions.parse(arguments)
        }
    }

    @Test func helpManualAndCompletionsKnowBothCommands() {
        let help = LaunchOptions.helpText
        #expect(help.contains("coursebrowser due [BACKEND] [--offline] [--json] [--days N]"))
        #expect(help.contains("coursebrowser calendar [BACKEND] [--offline] [--days N]"))
        #expect(help.contains("\n  --days N "))
        let page = ManPage.text(keys: [])
        #expect(page.contains(".B due\n") && page.contains(".B calendar\n"))
        for shell in LaunchOptions.Shell.allCases {
            let script = Completions.script(for: shell)
            #expect(script.contains("calendar") && script.contains(shell == .fish ? "-l days" : "--days"), "\(shell)")
        }
        #expect(Completions.options(for: .calendar).map(\.name).contains("--offline"))
        #expect(!Completions.options(for: .calendar).map(\.name).contains("--json"))
    }
}
