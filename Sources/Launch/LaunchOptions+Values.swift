import Canvas
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

    /// A Canvas base URL, normalized: https, or http to this machine only.
    public static func canvasURL(_ text: String, name: String = "--canvas") throws(UsageError) -> URL {
        do throws(CanvasBaseURL.Problem) {
            return try CanvasBaseURL.normalize(text)
        } catch {
            switch error {
            case .notAURL:
                throw UsageError("\(name) needs a URL like https://school.instructure.com, not '\(text)'")
            case let .insecure(host):
                throw UsageError("\(name) uses plain http, which would send your access token unencrypted; use https://\(host)")
            }
        }
    }
}
