extension Completions {
    static var fish: String {
        let names = commands.map(\.name.rawValue).joined(separator: " ")
        var lines = [
            "# fish completion for coursebrowser",
            "function __coursebrowser_profiles",
            "    set -l config $HOME/.config",
            "    string match -q '/*' -- \"$XDG_CONFIG_HOME\"; and set config $XDG_CONFIG_HOME",
            "    for file in $config/coursebrowser/profiles/*.json",
            "        basename $file .json",
            "    end",
            "end",
            "",
            "# A command is only ever the first word, as the program reads it.",
            "function __coursebrowser_first_word",
            "    test (count (commandline -opc)) -eq 1",
            "end",
            "",
            "complete -c coursebrowser -f",
        ]
        lines += commands.map { command in
            "complete -c coursebrowser -n '__coursebrowser_first_word' -a \(command.name.rawValue) -d '\(fishQuoted(summary(command.summary ?? "")))'"
        }
        lines.append("complete -c coursebrowser -n '__fish_seen_subcommand_from completions' -a '\(LaunchOptions.Shell.allCases.map(\.rawValue).joined(separator: " "))'")
        lines.append("complete -c coursebrowser -n '__fish_seen_subcommand_from upload submit' -F")
        lines.append("complete -c coursebrowser -n '__fish_seen_subcommand_from sync' -a '(__fish_complete_directories)'")
        for spec in LaunchOptions.optionSpecs {
            lines.append(fishLine(spec, allCommands: names))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func fishLine(_ spec: OptionSpec, allCommands: String) -> String {
        var parts = ["complete -c coursebrowser"]
        for name in spec.names {
            parts.append(name.hasPrefix("--") ? "-l \(name.dropFirst(2))" : "-s \(name.dropFirst())")
        }
        if let condition = fishCondition(spec, allCommands: allCommands) {
            parts.append("-n '\(condition)'")
        }
        switch (spec.value, valueKind(of: spec)) {
        case (nil, _): break
        case (_, .file): parts.append("-r -F")
        case (_, .directory): parts.append("-x -a '(__fish_complete_directories)'")
        case (_, .profile): parts.append("-x -a '(__coursebrowser_profiles)'")
        case (_, .none): parts.append("-x")
        }
        parts.append("-d '\(fishQuoted(summary(spec.help)))'")
        return parts.joined(separator: " ")
    }

    /// When the option is offered: after the commands it goes with (the browser being none).
    private static func fishCondition(_ spec: OptionSpec, allCommands: String) -> String? {
        guard !spec.commands.isEmpty else { return nil }
        let named = spec.commands.filter { $0 != .browse }.map(\.rawValue)
        let seen = "__fish_seen_subcommand_from \(named.joined(separator: " "))"
        guard spec.commands.contains(.browse) else { return seen }
        let browsing = "not __fish_seen_subcommand_from \(allCommands)"
        return named.isEmpty ? browsing : "\(browsing); or \(seen)"
    }

    private static func fishQuoted(_ text: String) -> String {
        text.reduce(into: "") { quoted, character in
            if character == "\\" || character == "'" { quoted.append("\\") }
            quoted.append(character)
        }
    }
}
