import CourseKit

extension LaunchOptions {
    /// The text `--help` prints, made from the command and option tables.
    public static var helpText: String {
        let usage = commandSpecs.enumerated().map { index, command in
            (index == 0 ? "USAGE: " : "       ") + "coursebrowser " + command.usage
        }
        let commands = commandSpecs.compactMap { command in
            command.summary.map { (command.name.rawValue, $0) }
        }
        let options = optionSpecs.map { spec in (spec.label, spec.fullHelp) }
        let sections = [
            ["coursebrowser — browse your courses from the terminal"],
            usage,
            backend,
            ["COMMANDS:"] + HelpColumns.lines(commands),
            ["One command's usage and options: coursebrowser COMMAND --help"],
            ["OPTIONS:"] + HelpColumns.lines(options),
        ]
        return sections.map { $0.joined(separator: "\n") }.joined(separator: "\n\n")
    }

    /// The help `COMMAND --help` (or `help COMMAND`) prints: the command's usage, what it
    /// does and only the options that go with it; the browser's is all of `helpText`.
    public static func helpText(for command: Command) -> String {
        guard let spec = commandSpecs.first(where: { $0.name == command.name }), command.name != .browse else { return helpText }
        let options = optionSpecs.filter { $0.goes(with: spec.name) }.map { option in (option.label, option.help) }
        let sections = [
            ["USAGE: coursebrowser " + spec.usage],
            spec.summary.map { HelpColumns.wrap($0, width: HelpColumns.lineWidth) } ?? [],
            spec.usage.contains("[BACKEND]") ? backend : [],
            ["OPTIONS:"] + HelpColumns.lines(options),
            spec.examples.isEmpty ? [] : ["EXAMPLES:"] + spec.examples.flatMap { ["  # " + $0.comment, "  $ coursebrowser " + $0.arguments] },
            ["Every command and option: coursebrowser --help"],
        ]
        return sections.filter { !$0.isEmpty }.map { $0.joined(separator: "\n") }.joined(separator: "\n\n")
    }

    /// What `[BACKEND]` in a usage line stands for.
    private static let backend = [
        "BACKEND is the saved login's Canvas or Moodle (see login), else the built-in",
        "sample catalog, unless one of these is given:",
        "  --canvas URL | --moodle URL [--token-file PATH | --token-command CMD]",
        "  or  --catalog FILE",
    ]

    /// What `--version` prints: the version and the commit the program was built from.
    public static func versionText(commit: String) -> String {
        "coursebrowser \(version) (\(commit))"
    }

    /// The hint printed after a usage error.
    public static let usageHint = "Try 'coursebrowser --help' for usage."
}

/// Two help columns, a name and its text wrapped beside it, as command-line tools print them.
enum HelpColumns {
    static let nameWidth = 17
    static let lineWidth = 79

    static func lines(_ rows: [(name: String, text: String)]) -> [String] {
        rows.flatMap { name, text in
            let indent = String(repeating: " ", count: 2 + nameWidth + 2)
            var wrapped = wrap(text, width: lineWidth - indent.count).map { indent + $0 }
            let label = "  " + name
            if label.count <= 2 + nameWidth, let first = wrapped.first {
                wrapped[0] = label + String(first.dropFirst(label.count))
            } else {
                wrapped.insert(label, at: 0)
            }
            return wrapped
        }
    }

    /// `text` broken between words into lines at most `width` characters long.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        return lines + (line.isEmpty ? [] : [line])
    }
}
