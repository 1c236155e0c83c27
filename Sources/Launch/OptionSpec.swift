/// One command-line option, written once: its names, its value, the commands it goes with,
/// what it sets, and its `--help` text. Parsing, help and usage errors all read it.
struct OptionSpec: Sendable {
    /// Its names; the last is the one help and messages use.
    let names: [String]
    /// What help calls its value (`ID`, `FILE`); nil for a flag.
    let value: String?
    /// The commands it goes with; empty: every command.
    let commands: [LaunchOptions.CommandName]
    /// Said after "only goes with …" to point at a likely mix-up.
    let mixUp: String?
    let help: String
    /// Sets what the option asks for; a flag gets an empty value.
    let apply: @Sendable (inout LaunchOptions, String) throws(UsageError) -> Void

    init(
        _ names: String...,
        value: String? = nil,
        commands: [LaunchOptions.CommandName] = [],
        mixUp: String? = nil,
        help: String,
        apply: @escaping @Sendable (inout LaunchOptions, String) throws(UsageError) -> Void
    ) {
        self.names = names
        self.value = value
        self.commands = commands
        self.mixUp = mixUp
        self.help = help
        self.apply = apply
    }

    var name: String { names.last ?? "" }

    /// How help shows it: `--course ID`.
    var label: String {
        ([names.joined(separator: ", ")] + (value.map { [$0] } ?? [])).joined(separator: " ")
    }

    /// Its help, with the commands it is limited to when that is narrower than every
    /// command that has a backend (which is what most options are for).
    var fullHelp: String {
        guard !commands.isEmpty, !LaunchOptions.backendCommands.allSatisfy(commands.contains) else { return help }
        let only = commands.map { "'\($0.rawValue)'" }.joined(separator: " or ")
        return help + " Only with \(only)."
    }

    /// The error for using it with `command`, if it doesn't go there.
    func misuse(with command: LaunchOptions.CommandName) -> UsageError? {
        guard !commands.isEmpty, !commands.contains(command) else { return nil }
        let names = commands.map { "'\($0.rawValue)'" }.joined(separator: " or ")
        return UsageError("\(name) only goes with \(names)" + (mixUp.map { "; " + $0 } ?? ""))
    }
}
