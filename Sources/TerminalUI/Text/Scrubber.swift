/// A state machine that drops terminal control sequences from a scalar stream,
/// following how a VT-style terminal would parse them so nothing leaks through.
struct Scrubber {
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

    /// Whether `scalar`, met outside any sequence, is passed on as it is and leaves the
    /// state alone; text made only of such scalars comes out of ``scrub(_:)`` unchanged.
    ///
    /// It must stay the complement of the special cases in `emitText`.
    static func isPlainText(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x2028, 0x2029: return false
        default: return !Sanitizer.isTerminalControl(scalar)
        }
    }

    /// Whether `bytes`, valid UTF-8, encode only scalars for which ``isPlainText(_:)`` holds.
    ///
    /// Reading bytes skips decoding: the scalars acted on are single bytes below 0x20 and
    /// 0x7F, `C2 80`–`C2 9F`, `E2 80 A8`–`E2 80 AE` and `E2 81 A6`–`E2 81 A9`, and none of
    /// the bytes they start with can be the middle of another scalar.
    static func isPlainText(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case 0x00...0x1F, 0x7F:
                return false
            case 0xC2 where index + 1 < bytes.count && bytes[index + 1] < 0xA0:
                return false
            case 0xE2 where index + 2 < bytes.count:
                switch (bytes[index + 1], bytes[index + 2]) {
                case (0x80, 0xA8...0xAE), (0x81, 0xA6...0xA9): return false
                default: break
                }
            default:
                break
            }
            index += 1
        }
        return true
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
