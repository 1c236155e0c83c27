extension HTMLText {
    /// Finds terminal control sequences in text so they can be dropped whole, parameters included.
    ///
    /// Dropping only the control scalars would leave a sequence's parameters behind as text:
    /// `ESC ] 52 ; c ; … BEL` would show as `]52;c;…`. Sequences end where a terminal ends them:
    /// CSI at a final byte, OSC at BEL or ST, DCS/SOS/PM/APC at ST.
    struct ControlFilter {
        private enum State {
            case text, escape, intermediate, parameters
            case string(endsAtBell: Bool)
            /// An ESC inside a string: `ESC \` (ST) ends it; anything else starts a new sequence.
            case stringEscape
        }

        private var state = State.text

        /// Whether no sequence is under way, so that only ESC or a C1 introducer can be swallowed next.
        var isIdle: Bool {
            if case .text = state { return true }
            return false
        }

        /// Whether `scalar` starts, continues or ends a control sequence, and so is not text.
        mutating func swallows(_ scalar: Unicode.Scalar) -> Bool {
            let value = scalar.value
            switch state {
            case .text:
                return startsSequence(value)
            case .escape:
                switch value {
                case 0x5B: state = .parameters
                case 0x5D: state = .string(endsAtBell: true)
                case 0x50, 0x58, 0x5E, 0x5F: state = .string(endsAtBell: false)
                case 0x20...0x2F: state = .intermediate
                case 0x30...0x7E: state = .text
                default: return abort(scalar)
                }
            case .intermediate:
                if (0x30...0x7E).contains(value) {
                    state = .text
                } else if !(0x20...0x2F).contains(value) {
                    return abort(scalar)
                }
            case .parameters:
                if (0x40...0x7E).contains(value) {
                    state = .text
                } else if !(0x20...0x3F).contains(value) {
                    return abort(scalar)
                }
            case let .string(endsAtBell):
                if value == 0x07 && endsAtBell || value == 0x9C {
                    state = .text
                } else if value == 0x1B {
                    state = .stringEscape
                }
            case .stringEscape:
                state = value == 0x5C ? .text : .escape
                if value != 0x5C { return swallows(scalar) }
            }
            return true
        }

        /// Starts a sequence on ESC or a C1 introducer; returns whether it did.
        private mutating func startsSequence(_ value: UInt32) -> Bool {
            switch value {
            case 0x1B: state = .escape
            case 0x9B: state = .parameters
            case 0x9D: state = .string(endsAtBell: true)
            case 0x90, 0x98, 0x9E, 0x9F: state = .string(endsAtBell: false)
            default: return false
            }
            return true
        }

        /// A sequence broken by an unexpected scalar ends there, and the scalar is read as text.
        private mutating func abort(_ scalar: Unicode.Scalar) -> Bool {
            state = .text
            return swallows(scalar)
        }
    }
}
