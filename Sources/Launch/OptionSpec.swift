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
        // Beside the usage lines, which show the browser as the one without a command word, a
        // short name for it is enough.
        return help + " Only with \(Self.naming(commands, lastJoinedBy: "or", browser: "the browser (no command)"))."
    }

    /// The error for using it with `command`, if it doesn't go there: where it goes, when that
    /// is a few commands, else the command it was given with, which a list of nine would bury.
    func misuse(with command: LaunchOptions.CommandName) -> UsageError? {
        guard !goes(with: command) else { return nil }
        let problem = commands.count <= Self.longestListNamed
            ? "only goes with \(Self.naming(commands, lastJoinedBy: "or"))"
            : "doesn't go with \(Self.naming([command], lastJoinedBy: "or"))"
        return UsageError("\(name) \(problem)" + (mixUp.map { "; " + $0 } ?? ""))
    }

    /// Whether the option may be given with `command`: it goes with every command, or names this one.
    func goes(with command: LaunchOptions.CommandName) -> Bool {
        commands.isEmpty || commands.contains(command)
    }

    /// The most commands a misuse lists as those an option goes with.
    static let longestListNamed = 7

    /// Commands as a sentence names them: by their words, and the browser, which has no word,
    /// by what starts it.
    static func naming(
        _ commands: [LaunchOptions.CommandName],
        lastJoinedBy conjunction: String,
        browser: String = "the browser (coursebrowser with no command)"
    ) -> String {
        let names = commands.map { $0 == .browse ? browser : "'\($0.rawValue)'" }
        return LaunchOptions.list(names, lastJoinedBy: conjunction)
    }
}
