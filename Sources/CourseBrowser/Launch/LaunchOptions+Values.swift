import CourseKit
import Foundation

extension LaunchOptions {
    mutating func set(_ name: String, to value: String) throws(UsageError) {
        switch name {
        case "--course":
            guard let id = CourseID(value) else { throw UsageError("--course needs a course ID, not an empty value") }
            course = id
        case "--canvas":
            canvasURL = try Self.canvasURL(value)
        case "--request-timeout":
            requestTimeoutSeconds = try Self.seconds(value, for: name)
        case "--timeout":
            guard case .drain = command else { throw UsageError("--timeout only goes with 'drain'; for requests use --request-timeout") }
            command = .drain(timeoutSeconds: try Self.seconds(value, for: name))
        default:
            try setPath(name, to: value)
        }
    }

    private mutating func setPath(_ name: String, to value: String) throws(UsageError) {
        guard !value.isEmpty else { throw UsageError("\(name) needs a file path, not an empty value") }
        switch name {
        case "--catalog": catalogPath = value
        case "--token-file": tokenFile = value
        case "--data-dir": dataDirectory = value
        default: eventLogPath = value
        }
    }

    private static func seconds(_ value: String, for name: String) throws(UsageError) -> Int {
        guard let seconds = Int(value), (1...86_400).contains(seconds) else {
            throw UsageError("\(name) needs a whole number of seconds from 1 to 86400, not '\(value)'")
        }
        return seconds
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
}
