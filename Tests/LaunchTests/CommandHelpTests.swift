@testable import Launch
import Testing

/// `COMMAND --help` prints that command's usage, what it does and its options, built from the
/// same tables as `--help`; `--version` names the commit.
struct CommandHelpTests {
    @Test func uploadsHelpListsItsOptionsAndNoneOfTheOthers() {
        let help = LaunchOptions.helpText(for: .upload(files: []))
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "USAGE: coursebrowser upload [BACKEND] --course ID FILE…")
        #expect(help.contains("\n\nQueue files for upload to a course's Files and exit.\n\n"))
        for option in ["--course ID", "--canvas URL", "--catalog FILE", "--data-dir DIR", "--profile NAME", "-h, --help"] {
            #expect(lines.contains { $0.hasPrefix("  " + option) }, "\(option) is listed")
        }
        for option in ["--json", "--assignment", "--days", "--due", "--clear-done", "--timeout", "--offline", "--refresh", "--download-dir"] {
            #expect(!lines.contains { $0.hasPrefix("  " + option) }, "\(option) is not")
        }
        #expect(!help.contains("COMMANDS:"), "no other command is described")
        #expect(lines.allSatisfy { $0.count <= 79 })
        #expect(lines.count < LaunchOptions.helpText.split(separator: "\n").count / 2)
    }

    @Test func eachCommandsHelpHasItsUsageAndExactlyTheOptionsThatGoWithIt() {
        for command in LaunchOptions.commandSpecs where command.name != .browse {
            let help = LaunchOptions.helpText(for: command.start)
            #expect(help.hasPrefix("USAGE: coursebrowser \(command.usage)\n"))
            for spec in LaunchOptions.optionSpecs {
                let listed = help.contains("\n  \(spec.label)")
                #expect(listed == (spec.misuse(with: command.name) == nil), "\(command.name) lists \(spec.label): \(listed)")
            }
            #expect(help.contains("BACKEND is") == command.usage.contains("[BACKEND]"))
        }
    }

    @Test func everyCommandHasExamplesThatParseAsTheyAreWritten() throws {
        for command in LaunchOptions.commandSpecs where command.name != .browse {
            let help = LaunchOptions.helpText(for: command.start)
            #expect(!command.examples.isEmpty, "\(command.name) shows how it is used")
            #expect(help.contains("\n\nEXAMPLES:\n  # "), "\(command.name)")
            for example in command.examples {
                #expect(help.contains("  $ coursebrowser \(example.arguments)\n"))
                // What a shell would pass: the words before a redirection, `~` left for the shell.
                let words = example.arguments.split(separator: " ").prefix { $0 != ">" }.map(String.init)
                let options = try LaunchOptions.parse(words)
                #expect(options.command.name == command.name, "\(example.arguments)")
            }
        }
    }

    @Test func theBrowsersHelpIsTheWholeHelp() {
        #expect(LaunchOptions.helpText(for: .browse) == LaunchOptions.helpText)
        #expect(LaunchOptions.helpText.contains("One command's usage and options: coursebrowser COMMAND --help"))
    }

    @Test func optionsLimitedToTheBrowserNameItAsUsersStartIt() throws {
        #expect(!LaunchOptions.helpText.contains("'browse'"))
        let offline = try #require(LaunchOptions.spec(named: "--offline"))
        #expect(offline.fullHelp.hasSuffix(" Only with the browser (no command), 'courses', 'course', 'grades', 'due', 'calendar' or 'mcp'."))
        #expect(throws: UsageError("--offline only goes with the browser (coursebrowser with no command), 'courses', 'course', 'grades', 'due', 'calendar' or 'mcp'")) {
            try LaunchOptions.parse(["queue", "--offline"])
        }
        for spec in LaunchOptions.optionSpecs {
            for command in LaunchOptions.CommandName.allCases {
                guard let message = spec.misuse(with: command)?.message else { continue }
                #expect(!message.contains("'browse'"), "\(message)")
            }
        }
    }

    @Test func theVersionNamesTheCommit() {
        #expect(LaunchOptions.versionText(commit: "abc1234") == "coursebrowser \(LaunchOptions.version) (abc1234)")
    }
}
