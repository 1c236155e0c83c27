import CourseKit
import FoundationEssentials

extension LaunchOptions {
    /// Parses the arguments after the program name; `--name value` and `--name=value` both work.
    public static func parse(_ arguments: [String]) throws(UsageError) -> LaunchOptions {
        try parse(bytes: arguments.map { Array($0.utf8) })
    }

    /// Parses the arguments after the program name as the system gave them, bytes that need
    /// not be UTF-8: a file argument keeps its exact bytes, so a name in another encoding
    /// (`f\xE9.txt`) still names its file; everything else is read as text.
    public static func parse(bytes arguments: [[UInt8]]) throws(UsageError) -> LaunchOptions {
        try parse(bytes: arguments, pathExists: pathExists)
    }

    /// Parses as `parse(bytes:)` does, asking `pathExists` whether a word the browser was
    /// given names a file.
    static func parse(bytes arguments: [[UInt8]], pathExists: (LocalPath) -> Bool) throws(UsageError) -> LaunchOptions {
        var parser = Parser(remaining: arguments[...])
        var options = LaunchOptions()
        try parser.parseCommand(into: &options, pathExists: pathExists)
        try parser.parse(into: &options)
        try options.validate(files: parser.positionals, pathExists: pathExists)
        return options
    }

    private mutating func validate(files: [LocalPath], pathExists: (LocalPath) -> Bool) throws(UsageError) {
        if canvasURL != nil, catalogPath != nil {
            throw UsageError("--canvas and --catalog choose different backends; give one")
        }
        if moodleURL != nil, catalogPath != nil {
            throw UsageError("--moodle and --catalog choose different backends; give one")
        }
        if moodleURL != nil, canvasURL != nil || courseLinkBase != nil {
            throw UsageError("--moodle and \(canvasURL != nil ? "--canvas" : "a Canvas course address") choose different sites; give one")
        }
        if tokenFile != nil, tokenCommand != nil {
            throw UsageError("--token-file and --token-command both give the token; give one")
        }
        if offline, noCache {
            throw UsageError("--offline shows only saved copies and --no-cache turns them off; give one")
        }
        switch command {
        case .upload:
            guard action == .run else { return }
            guard course != nil else { throw UsageError("upload needs --course ID") }
            guard !files.isEmpty else { throw UsageError("upload needs at least one FILE") }
            command = .upload(files: files)
        case .submit:
            guard action == .run else { return }
            if let link = assignmentLink {
                if let course, course != link.course {
                    throw UsageError("--assignment's address is in course \(link.course), not course \(course)")
                }
                if course == nil {
                    course = link.course
                    courseLinkBase = courseLinkBase ?? link.base
                }
            }
            guard course != nil else { throw UsageError("submit needs --course ID") }
            guard assignment != nil else { throw UsageError("submit needs --assignment ID") }
            if submitText != nil, submitURL != nil { throw UsageError("submit hands in a text (--text) or a link (--url), not both") }
            if (submitText != nil || submitURL != nil), let stray = files.first {
                throw UsageError("submit hands in files or \(submitText != nil ? "a text (--text)" : "a link (--url)"), not both: '\(stray.path)'")
            }
            guard !files.isEmpty || submitText != nil || submitURL != nil else {
                throw UsageError("submit needs at least one FILE, or --text FILE, or --url URL")
            }
            command = .submit(files: files)
        case .course, .grades:
            guard action == .run else { return }
            // The ID is its argument; `--course ID`, as every other command takes it, does too.
            let name = command.name.rawValue
            if let stray = files.dropFirst(course == nil ? 1 : 0).first { throw UsageError("unexpected argument '\(stray.path)'") }
            guard let id = files.first else {
                guard course != nil else { throw UsageError("\(name) needs a course ID: coursebrowser \(name) 101") }
                return
            }
            try takeCourse(id.path, for: name)
        case .browse:
            if let stray = files.first { throw Self.strayInBrowser(stray, pathExists: pathExists) }
        case .queue, .drain, .courses, .due, .calendar, .status, .mcp, .logout, .manPage:
            if let stray = files.first { throw UsageError("unexpected argument '\(stray.path)'") }
        case let .sync(_, json):
            guard action == .run else { return }
            guard course != nil else { throw UsageError("sync needs --course ID") }
            if let stray = files.dropFirst().first { throw UsageError("unexpected argument '\(stray.path)'") }
            command = .sync(directory: files.first, json: json)
        case .login:
            try validateLogin(arguments: files.map(\.path))
        case .completions:
            guard action == .run else { return }
            guard let name = files.first?.path else { throw UsageError("completions needs a shell: bash, zsh or fish") }
            guard let shell = Shell(rawValue: name) else { throw UsageError("completions knows bash, zsh and fish, not '\(name)'") }
            if let stray = files.dropFirst().first { throw UsageError("unexpected argument '\(stray.path)'") }
            command = .completions(shell)
        }
    }

    /// `login [URL]`: the URL is checked as `--canvas` checks it; `login --moodle URL` takes no other.
    private mutating func validateLogin(arguments: [String]) throws(UsageError) {
        if let stray = arguments.dropFirst().first { throw UsageError("unexpected argument '\(stray)'") }
        if moodleURL != nil, let stray = arguments.first {
            throw UsageError("login --moodle takes the site after --moodle; unexpected argument '\(stray)'")
        }
        command = .login(url: try arguments.first.map { text throws(UsageError) in try Self.canvasURL(text, name: "login") })
    }

    /// Reads options and positional arguments, checking each option against its spec.
    private struct Parser {
        var remaining: ArraySlice<[UInt8]>
        /// The arguments that are not options, byte for byte.
        var positionals: [LocalPath] = []
        var seen: Set<String> = []

        /// An argument as text, as Swift's `CommandLine.arguments` reads it: what is not UTF-8 becomes U+FFFD.
        static func text(_ bytes: [UInt8]) -> String {
            String(decoding: bytes, as: UTF8.self)
        }

        /// Reads the command word, if the first argument is one: `help` before a command
        /// asks for that command's help (and alone, for all of it), as `COMMAND --help` does.
        mutating func parseCommand(into options: inout LaunchOptions, pathExists: (LocalPath) -> Bool) throws(UsageError) {
            if remaining.first.map(Self.text) == "help" {
                remaining.removeFirst()
                options.action = .help
                guard let word = remaining.first, !Self.text(word).hasPrefix("-") else { return }
                guard LaunchOptions.command(named: Self.text(word)) != nil else {
                    throw LaunchOptions.strayInBrowser(LocalPath(bytes: word), pathExists: pathExists)
                }
            }
            if let first = remaining.first, let command = LaunchOptions.command(named: Self.text(first)) {
                remaining.removeFirst()
                options.command = command.start
            }
        }

        mutating func parse(into options: inout LaunchOptions) throws(UsageError) {
            var optionsEnded = false
            while let bytes = remaining.popFirst() {
                let argument = Self.text(bytes)
                if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                    positionals.append(LocalPath(bytes: bytes))
                } else if argument == "--" {
                    optionsEnded = true
                } else {
                    try parseOption(argument, into: &options)
                }
            }
        }

        private mutating func parseOption(_ argument: String, into options: inout LaunchOptions) throws(UsageError) {
            let (name, inlineValue) = LaunchOptions.split(argument)
            guard let spec = LaunchOptions.spec(named: name) else { throw LaunchOptions.unknownOption(name, with: options.command.name) }
            if let misuse = spec.misuse(with: options.command.name) { throw misuse }
            guard spec.value != nil else {
                try spec.apply(&options, "")
                return
            }
            guard seen.insert(spec.name).inserted else { throw UsageError("\(spec.name) was given more than once") }
            try spec.apply(&options, try takeValue(for: spec.name, inline: inlineValue))
        }

        private mutating func takeValue(for name: String, inline: String?) throws(UsageError) -> String {
            if let inline { return inline }
            guard let next = remaining.first.map(Self.text), !next.hasPrefix("--") else {
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
