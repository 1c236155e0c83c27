import CourseKit
import Foundation

extension LaunchOptions {
    static let subcommands: Set<String> = ["upload", "queue", "drain"]
    static let valueOptions: Set<String> = [
        "--course", "--catalog", "--event-log", "--canvas", "--token-file", "--request-timeout", "--data-dir", "--timeout",
    ]

    /// Parses the arguments after the program name; `--name value` and `--name=value` both work.
    public static func parse(_ arguments: [String]) throws(UsageError) -> LaunchOptions {
        var parser = Parser(remaining: arguments[...])
        var options = LaunchOptions()
        if let first = arguments.first, subcommands.contains(first) {
            parser.remaining.removeFirst()
            options.command = try initialCommand(first)
        }
        try parser.parse(into: &options)
        try options.validate(files: parser.positionals)
        return options
    }

    private static func initialCommand(_ name: String) throws(UsageError) -> Command {
        switch name {
        case "upload": return .upload(files: [])
        case "queue": return .queue(json: false)
        default: return .drain(timeoutSeconds: nil)
        }
    }

    private mutating func validate(files: [String]) throws(UsageError) {
        if canvasURL != nil, catalogPath != nil {
            throw UsageError("--canvas and --catalog choose different backends; give one")
        }
        switch command {
        case .upload:
            guard action == .run else { return }
            guard course != nil else { throw UsageError("upload needs --course ID") }
            guard !files.isEmpty else { throw UsageError("upload needs at least one FILE") }
            command = .upload(files: files)
        case .browse, .queue, .drain:
            if let stray = files.first { throw UsageError("unexpected argument '\(stray)'") }
        }
    }

    /// Reads options and positional arguments, checking each option belongs to the command.
    private struct Parser {
        var remaining: ArraySlice<String>
        var positionals: [String] = []
        var seen: Set<String> = []

        mutating func parse(into options: inout LaunchOptions) throws(UsageError) {
            var optionsEnded = false
            while let argument = remaining.popFirst() {
                if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                    positionals.append(argument)
                    continue
                }
                let (name, inlineValue) = LaunchOptions.split(argument)
                switch name {
                case "--": optionsEnded = true
                case "-h", "--help": options.action = .help
                case "--version": options.action = .version
                case "--json":
                    guard case .queue = options.command else { throw UsageError("--json only goes with 'queue'") }
                    options.command = .queue(json: true)
                default:
                    guard LaunchOptions.valueOptions.contains(name) else { throw UsageError("unknown option '\(name)'") }
                    guard seen.insert(name).inserted else { throw UsageError("\(name) was given more than once") }
                    let value = try takeValue(for: name, inline: inlineValue)
                    try options.set(name, to: value)
                }
            }
        }

        private mutating func takeValue(for name: String, inline: String?) throws(UsageError) -> String {
            if let inline { return inline }
            guard let next = remaining.first, !next.hasPrefix("--") else {
                throw UsageError("\(name) needs a value")
            }
            remaining.removeFirst()
            return next
        }
    }

    static func split(_ argument: String) -> (name: String, value: String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}
