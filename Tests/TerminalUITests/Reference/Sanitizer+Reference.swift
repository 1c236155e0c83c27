@testable import TerminalUI

/// Cleaning done the plain way, every scalar through the scrubber.
///
/// This is what `clean`, `cut` and `cleanLines` did before they learnt to hand back
/// text that has nothing to remove; the tests hold the fast paths to it.
extension Sanitizer {
    /// ``clean(_:)`` scalar by scalar.
    static func referenceClean(_ text: String) -> String {
        var scrubber = Scrubber(tab: " ")
        return scrubber.scrub(text.unicodeScalars)
    }

    /// ``cut(_:limit:)`` counting scalars from the start.
    static func referenceCut(_ text: String, limit: Int = 4096) -> String {
        let scalars = text.unicodeScalars
        guard let end = scalars.index(scalars.startIndex, offsetBy: limit, limitedBy: scalars.endIndex),
              end != scalars.endIndex else { return text }
        return String(scalars[..<end]) + "…"
    }

    /// ``cleanLines(_:)`` from an array of every scalar.
    static func referenceCleanLines(_ text: String) -> [String] {
        referenceSplitLines(text.unicodeScalars).map { line in
            var scrubber = Scrubber(tab: "    ")
            return scrubber.scrub(line)
        }
    }

    private static func referenceSplitLines(_ scalars: String.UnicodeScalarView) -> [ArraySlice<Unicode.Scalar>] {
        var lines: [ArraySlice<Unicode.Scalar>] = []
        let all = Array(scalars)
        var lineStart = all.startIndex
        for (index, scalar) in all.enumerated() where scalar == "\n" {
            let precededByCR = index > lineStart && all[index - 1] == "\r"
            lines.append(all[lineStart..<(precededByCR ? index - 1 : index)])
            lineStart = index + 1
        }
        lines.append(all[lineStart...])
        return lines
    }
}
