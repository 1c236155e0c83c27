import CourseKit
import Foundation

extension LaunchOptions {
    /// Parses the arguments after the program name; `--name value` and `--name=value` both work.
    public static func parse(_ arguments: [String]) throws(UsageError) -> LaunchOptions {
        var options = LaunchOptions()
        var seen: Set<String> = []
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            let (name, inlineValue) = split(argument)
            switch name {
            case "-h", "--help":
                options.action = .help
            case "--version":
                options.action = .version
            case "--course", "--catalog", "--event-log", "--canvas", "--token-file", "--timeout":
                guard seen.insert(name).inserted else { throw UsageError("\(name) was given more than once") }
                let value = try takeValue(for: name, inline: inlineValue, from: &remaining)
                try options.set(name, to: value)
            default:
                if argument.hasPrefix("-") {
                    throw UsageError("unknown option '\(name)'")
                }
                throw UsageError("unexpected argument '\(argument)'")
            }
        }
        if options.canvasURL != nil, options.catalogPath != nil {
            throw UsageError("--canvas and --catalog choose different backends; give one")
        }
        return options
    }

    private mutating func set(_ name: String, to value: String) throws(UsageError) {
        switch name {
        case "--course":
            guard let id = CourseID(value) else { throw UsageError("--course needs a course ID, not an empty value") }
            course = id
        case "--catalog":
            guard !value.isEmpty else { throw UsageError("--catalog needs a file path, not an empty value") }
            catalogPath = value
        case "--canvas":
            canvasURL = try Self.canvasURL(value)
        case "--token-file":
            guard !value.isEmpty else { throw UsageError("--token-file needs a file path, not an empty value") }
            tokenFile = value
        case "--timeout":
            guard let seconds = Int(value), (1...3600).contains(seconds) else {
                throw UsageError("--timeout needs a whole number of seconds from 1 to 3600, not '\(value)'")
            }
            timeoutSeconds = seconds
        default:
            guard !value.isEmpty else { throw UsageError("--event-log needs a file path, not an empty value") }
            eventLogPath = value
        }
    }

    /// A Canvas base URL: http or https with a host, such as `https://school.instructure.com`.
    public static func canvasURL(_ text: String) throws(UsageError) -> URL {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let url = URL(string: trimmed), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
              let host = url.host, !host.isEmpty
        else {
            throw UsageError("--canvas needs a URL like https://school.instructure.com, not '\(text)'")
        }
        return url
    }

    private static func split(_ argument: String) -> (name: String, value: String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    private static func takeValue(
        for name: String,
        inline: String?,
        from remaining: inout ArraySlice<String>
    ) throws(UsageError) -> String {
        if let inline { return inline }
        guard let next = remaining.first, !next.hasPrefix("--") else {
            throw UsageError("\(name) needs a value")
        }
        remaining.removeFirst()
        return next
    }
}
