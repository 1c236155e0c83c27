import CourseKit
import Foundation
import Testing
@testable import Launch

/// `--refresh MIN`: how often the panes read again what they show.
struct RefreshOptionTests {
    @Test func itRefreshesEveryTenMinutesUnlessToldOtherwise() throws {
        #expect(try LaunchOptions.parse([]).refreshInterval == .seconds(600))
        #expect(try LaunchOptions.parse(["--refresh", "3"]).refreshInterval == .seconds(180))
        #expect(try LaunchOptions.parse(["--refresh", "0.5"]).refreshInterval == .seconds(30))
        #expect(try LaunchOptions.parse(["--refresh", "0.1", "--catalog", "c.json"]).refreshInterval == .seconds(6))
        #expect(try LaunchOptions.parse(["--refresh", "0"]).refreshInterval == nil, "0: never")
    }

    @Test(arguments: [
        (["--refresh", "-1"], "--refresh needs a number of minutes, 0 (never) or from 0.1 to 10080, not '-1'"),
        (["--refresh", "soon"], "--refresh needs a number of minutes, 0 (never) or from 0.1 to 10080, not 'soon'"),
        (["--refresh", "0.05"], "--refresh needs a number of minutes, 0 (never) or from 0.1 to 10080, not '0.05'"),
        (["--refresh", "nan"], "--refresh needs a number of minutes, 0 (never) or from 0.1 to 10080, not 'nan'"),
        (["--refresh", ""], "--refresh needs a number of minutes, 0 (never) or from 0.1 to 10080, not ''"),
        (["queue", "--refresh", "5"], "--refresh only goes with the browser (coursebrowser with no command)"),
    ])
    func aValueThatIsNotAUsableNumberOfMinutesIsRefused(arguments: [String], message: String) {
        #expect(throws: UsageError(message)) {
            try LaunchOptions.parse(arguments)
        }
    }

    @Test func helpTheManPageAndEveryCompletionListIt() {
        #expect(LaunchOptions.helpText.contains("--refresh MIN"))
        #expect(ManPage.text(keys: []).contains("\\-\\-refresh"))
        for shell in LaunchOptions.Shell.allCases {
            #expect(Completions.script(for: shell).contains("refresh"), "\(shell)")
        }
    }
}
