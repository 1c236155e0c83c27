extension Completions {
    static var bash: String {
        let names = commands.map(\.name.rawValue).joined(separator: " ")
        let optionCases = LaunchOptions.CommandName.allCases.map { command in
            "        \(command.rawValue)) options=\"\(options(for: command).flatMap(\.names).joined(separator: " "))\" ;;"
        }
        let valued = LaunchOptions.optionSpecs.filter { $0.value != nil }
        let valueCases = [ValueKind.file, .directory, .profile, .none].compactMap { kind -> String? in
            let matching = valued.filter { valueKind(of: $0) == kind }.flatMap(\.names)
            guard !matching.isEmpty else { return nil }
            return "        \(matching.joined(separator: "|"))) \(bashValue(kind)); return ;;"
        }
        return """
        # bash completion for coursebrowser
        _coursebrowser_profiles() {
            local dir="\(profilesDirectory)" file
            for file in "$dir"/*.json; do
                [[ -e $file ]] || continue
                file=${file##*/}
                printf '%s\\n' "${file%.json}"
            done
        }

        _coursebrowser() {
            local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
            local command=browse options
            case ${COMP_WORDS[1]} in
                \(commands.map(\.name.rawValue).joined(separator: "|"))) (( COMP_CWORD > 1 )) && command=${COMP_WORDS[1]} ;;
            esac
            case $prev in
        \(valueCases.joined(separator: "\n"))
            esac
            case $command in
        \(optionCases.joined(separator: "\n"))
            esac
            if [[ $cur == -* ]]; then
                mapfile -t COMPREPLY < <(compgen -W "$options" -- "$cur")
            elif [[ $command == browse && $COMP_CWORD -eq 1 ]]; then
                mapfile -t COMPREPLY < <(compgen -W "\(names)" -- "$cur")
            elif [[ $command == completions ]]; then
                mapfile -t COMPREPLY < <(compgen -W "\(LaunchOptions.Shell.allCases.map(\.rawValue).joined(separator: " "))" -- "$cur")
            elif [[ $command == upload || $command == submit ]]; then
                mapfile -t COMPREPLY < <(compgen -f -- "$cur")
            elif [[ $command == sync ]]; then
                mapfile -t COMPREPLY < <(compgen -d -- "$cur")
            fi
        }

        complete -o filenames -F _coursebrowser coursebrowser

        """
    }

    private static func bashValue(_ kind: ValueKind) -> String {
        switch kind {
        // One name per line, taken whole: names with spaces stay one word, and none is globbed.
        case .file: #"mapfile -t COMPREPLY < <(compgen -f -- "$cur")"#
        case .directory: #"mapfile -t COMPREPLY < <(compgen -d -- "$cur")"#
        case .profile: #"mapfile -t COMPREPLY < <(compgen -W "$(_coursebrowser_profiles)" -- "$cur")"#
        case .none: "COMPREPLY=()"
        }
    }
}
