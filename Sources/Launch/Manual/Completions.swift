/// The shell completion scripts `coursebrowser completions SHELL` prints, written from the
/// command and option tables: subcommands, each command's options, and profile names, which
/// are the saved logins' file names and are listed by the script itself as it completes.
public enum Completions {
    public static func script(for shell: LaunchOptions.Shell) -> String {
        switch shell {
        case .bash: bash
        case .zsh: zsh
        case .fish: fish
        }
    }

    /// Every command by the name typed, the browser (which has none) left out.
    static var commands: [CommandSpec] {
        LaunchOptions.commandSpecs.filter { $0.name != .browse }
    }

    /// The options that go with `command`.
    static func options(for command: LaunchOptions.CommandName) -> [OptionSpec] {
        LaunchOptions.optionSpecs.filter { $0.goes(with: command) }
    }

    /// What a value option completes to.
    enum ValueKind {
        case file, directory, profile, none
    }

    /// Read from the value's name in the option table, which says what it is: a new option
    /// whose value is a FILE completes file names with nothing more said.
    static func valueKind(of spec: OptionSpec) -> ValueKind {
        switch spec.value {
        case "FILE", "PATH": .file
        case "DIR": .directory
        case "NAME": .profile
        default: .none
        }
    }

    /// The first sentence of an option's help, for shells that show one beside it.
    static func summary(_ text: String) -> String {
        let sentence = text.split(separator: ". ", maxSplits: 1).first.map(String.init) ?? text
        return sentence.hasSuffix(".") ? String(sentence.dropLast()) : sentence
    }

    /// The shell code that finds the profiles directory as the app does: `$XDG_CONFIG_HOME`
    /// when it is absolute (the XDG rule), else `~/.config`.
    static let profilesDirectory = #"$([[ "$XDG_CONFIG_HOME" == /* ]] && printf %s "$XDG_CONFIG_HOME" || printf %s "$HOME/.config")/coursebrowser/profiles"#
}
