import FoundationEssentials

/// Parses the ISO 8601 timestamps Canvas sends; a value it can't read is treated as absent.
package enum CanvasDate {
    package static func parse(_ text: String) -> Date? {
        try? Date(text, strategy: .iso8601)
    }
}
