/// Makes untrusted text safe to draw on a terminal.
///
/// Course data comes from files we do not control. Escape sequences in it could
/// recolour the screen, move the cursor, retitle the window or worse, and bidi
/// overrides can make text read differently from what it contains
/// ("Trojan Source"). Everything is handled per Unicode scalar, because a
/// `Character` may hide a control inside it (CR LF is a single cluster).
public enum Sanitizer {
    /// `text` as a single drawable line: escape sequences and control characters
    /// removed, line breaks and tabs turned into one space each.
    public static func clean(_ text: String) -> String {
        var scrubber = Scrubber(tab: " ")
        return scrubber.scrub(text.unicodeScalars)
    }

    /// `text` itself, or its first `limit` scalars and `…` when it is longer.
    ///
    /// Drawing measures and cleans what it is given; cutting first keeps a 10 MB name as
    /// cheap to draw as a short one. The limit is in scalars, far more than any screen
    /// shows, so only text that would be cut anyway loses anything.
    public static func cut(_ text: String, limit: Int = 4096) -> String {
        let scalars = text.unicodeScalars
        guard let end = scalars.index(scalars.startIndex, offsetBy: limit, limitedBy: scalars.endIndex),
              end != scalars.endIndex else { return text }
        return String(scalars[..<end]) + "…"
    }

    /// `text` split into lines at `\n` and `\r\n`, each line cleaned as by
    /// ``clean(_:)`` except that a tab becomes four spaces.
    ///
    /// A trailing line break yields a trailing empty line, and an empty string one
    /// empty line, so the line count always matches the breaks in the input.
    public static func cleanLines(_ text: String) -> [String] {
        splitLines(text.unicodeScalars).map { line in
            // A fresh scrubber per line: a sequence left open must not swallow later lines.
            var scrubber = Scrubber(tab: "    ")
            return scrubber.scrub(line)
        }
    }

    /// Whether a terminal acts on `scalar` rather than showing it: DEL and the C1 controls
    /// (an 8-bit CSI or OSC), or a bidirectional embedding, override or isolate.
    public static func isTerminalControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    private static func splitLines(_ scalars: String.UnicodeScalarView) -> [ArraySlice<Unicode.Scalar>] {
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

/// A state machine that drops terminal control sequences from a scalar stream,
/// following how a VT-style terminal would parse them so nothing leaks through.
private struct Scrubber {
    private enum State {
        case text
        /// After ESC.
        case escape
        /// After ESC and one or more intermediate bytes, e.g. `ESC ( B`.
        case escapeIntermediate
        /// Inside CSI parameters, until a final byte.
        case controlSequence
        /// Inside OSC/DCS/SOS/PM/APC payload, until ST (or BEL, for OSC only).
        case commandString(bellTerminates: Bool)
    }

    let tab: String
    private var state = State.text
    private var afterCarriageReturn = false

    init(tab: String) {
        self.tab = tab
    }

    mutating func scrub<S: Sequence<Unicode.Scalar>>(_ scalars: S) -> String {
        var output = String.UnicodeScalarView()
        for scalar in scalars {
            feed(scalar, into: &output)
        }
        return String(output)
    }

    private mutating func feed(_ scalar: Unicode.Scalar, into output: inout String.UnicodeScalarView) {
        let value = scalar.value
        switch state {
        case .text:
            emitText(scalar, into: &output)

        case .escape:
            switch value {
            case 0x5B: state = .controlSequence                         // [
            case 0x5D: state = .commandString(bellTerminates: true)     // ]
            case 0x50, 0x58, 0x5E, 0x5F:                                // P X ^ _
                state = .commandString(bellTerminates: false)
            case 0x1B: break
            case 0x20...0x2F: state = .escapeIntermediate
            case 0x30...0x7E: state = .text
            default:
                // Not a valid sequence: a terminal drops the ESC and handles this scalar normally.
                state = .text
                feed(scalar, into: &output)
            }

        case .escapeIntermediate:
            switch value {
            case 0x20...0x2F: break
            case 0x30...0x7E: state = .text
            default:
                state = .text
                feed(scalar, into: &output)
            }

        case .controlSequence:
            switch value {
            case 0x20...0x3F: break
            case 0x40...0x7E: state = .text
            default:
                // Aborting on anything unexpected keeps an unterminated CSI from eating real text.
                state = .text
                feed(scalar, into: &output)
            }

        case .commandString(let bellTerminates):
            switch value {
            case 0x07 where bellTerminates: state = .text
            case 0x9C: state = .text
            // Any ESC ends the string, as on a terminal; `ESC \` (ST) is then a
            // complete two-scalar sequence, and anything else starts a new one.
            case 0x1B: state = .escape
            default: break
            }
        }
    }

    private mutating func emitText(_ scalar: Unicode.Scalar, into output: inout String.UnicodeScalarView) {
        let wasAfterCarriageReturn = afterCarriageReturn
        afterCarriageReturn = false
        switch scalar.value {
        case 0x1B: state = .escape
        case 0x9B: state = .controlSequence
        case 0x9D: state = .commandString(bellTerminates: true)
        case 0x90, 0x98, 0x9E, 0x9F: state = .commandString(bellTerminates: false)
        case 0x0D:
            afterCarriageReturn = true
            output.append(" ")
        case 0x0A:
            // CR LF is one line break, so it becomes one space.
            if !wasAfterCarriageReturn { output.append(" ") }
        case 0x09:
            output.append(contentsOf: tab.unicodeScalars)
        case 0x2028, 0x2029:
            output.append(" ")
        case 0x00...0x1F:
            break
        default:
            if !Sanitizer.isTerminalControl(scalar) { output.append(scalar) }
        }
    }
}
