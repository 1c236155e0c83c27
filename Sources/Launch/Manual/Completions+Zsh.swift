extension Completions {
    static var zsh: String {
        let commandList = commands.map { "        '\($0.name.rawValue):\(zshQuoted(summary($0.summary ?? "")))'" }
        let cases = LaunchOptions.CommandName.allCases.map { command in
            let specs = options(for: command).map { "            \(zshSpec($0))" }
            let rest: [String]
            switch command {
            case .browse: rest = []
            case .login: rest = ["            '1:Canvas URL: '"]
            case .upload, .submit: rest = ["            '*:file:_files'"]
            case .sync: rest = ["            '1:directory:_files -/'"]
            case .completions: rest = ["            '1:shell:(\(LaunchOptions.Shell.allCases.map(\.rawValue).joined(separator: " ")))'"]
            case .course, .grades: rest = ["            '1:course ID: '"]
            case .queue, .drain, .courses, .mcp, .due, .calendar, .status, .logout, .manPage: rest = []
            }
            return "        \(command.rawValue))\n            _arguments -s \\\n\((specs + rest).joined(separator: " \\\n"))\n            ;;"
        }
        return """
        #compdef coursebrowser
        # zsh completion for coursebrowser

        _coursebrowser_profiles() {
            local dir="\(profilesDirectory)"
            local -a names
            names=("$dir"/*.json(N:t:r))
            _describe -t profiles 'profile' names
        }

        _coursebrowser() {
            local command=browse
            local -a commands
            commands=(
        \(commandList.joined(separator: "\n"))
            )
            # A command is only ever the first word, as the program reads it.
            if (( CURRENT == 2 )) && [[ $PREFIX != -* ]]; then
                _describe -t commands 'command' commands
                return
            fi
            if (( CURRENT > 2 )) && (( ${+commands[(r)${words[2]}:*]} )); then
                command=${words[2]}
                shift words
                (( CURRENT-- ))
            fi
            case $command in
        \(cases.joined(separator: "\n"))
            esac
        }

        _coursebrowser "$@"

        """
    }

    /// `'--course[Open this course at start]:ID:'`, with a completer for the value where one fits.
    private static func zshSpec(_ spec: OptionSpec) -> String {
        let help = "[\(zshQuoted(summary(spec.help)))]"
        let value: String
        switch (spec.value, valueKind(of: spec)) {
        case (nil, _): value = ""
        case let (name?, .file): value = ":\(name):_files"
        case let (name?, .directory): value = ":\(name):_files -/"
        case let (name?, .profile): value = ":\(name):_coursebrowser_profiles"
        case let (name?, .none): value = ":\(name): "
        }
        let names = spec.names.count > 1 ? "'(\(spec.names.joined(separator: " ")))'{\(spec.names.joined(separator: ","))}" : spec.name
        return names + "'\(help)\(value)'"
    }

    /// Text safe inside a zsh single-quoted `_arguments` spec: no quote, no brackets or colons.
    private static func zshQuoted(_ text: String) -> String {
        String(text.map { "[]:'\\".contains($0) ? " " : $0 })
    }
}
