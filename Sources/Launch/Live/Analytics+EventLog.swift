import CourseKit
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// Why the event log could not be opened.
struct EventLogError: UserFacingError, Equatable {
    var path: String
    var reason: String

    var userMessage: String { "Can't open event log \(path): \(reason)" }
}

extension Analytics {
    /// Appends one JSON object per event, one per line, to the file at `path`.
    ///
    /// Each line is a single `write` to an `O_APPEND` descriptor, so lines from
    /// concurrent writers never interleave.
    static func eventLog(path: String, clock: WallClock) throws -> Analytics {
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw EventLogError(path: path, reason: String(cString: strerror(errno)))
        }
        return Analytics { event in
            var line = event.jsonLine(at: clock.now())
            line.append(0x0A)
            line.withUnsafeBytes { _ = write(descriptor, $0.baseAddress, $0.count) }
        }
    }
}

extension AnalyticsEvent {
    /// The event as one compact JSON object with a `time` in ISO 8601.
    func jsonLine(at time: Date) -> Data {
        var object = properties
        object["event"] = name
        object["time"] = time.formatted(.iso8601)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(object)) ?? Data()
    }
}
