/// A set of Unicode scalars to trim or to leave unescaped, the few Foundation's `CharacterSet`
/// names that this package uses, without the ICU-backed Foundation.
package struct ScalarSet: Sendable {
    private let test: @Sendable (Unicode.Scalar) -> Bool

    private init(_ test: @escaping @Sendable (Unicode.Scalar) -> Bool) {
        self.test = test
    }

    /// The scalars of `characters`, like `CharacterSet(charactersIn:)`.
    package init(charactersIn characters: String) {
        let values = Set(characters.unicodeScalars.map(\.value))
        self.init { values.contains($0.value) }
    }

    package func contains(_ scalar: Unicode.Scalar) -> Bool {
        test(scalar)
    }

    /// `CharacterSet.whitespaces`: tab and the space separators, with U+200B as Foundation has it.
    package static let whitespaces = ScalarSet { isWhitespace($0.value) }

    /// `CharacterSet.whitespacesAndNewlines`: `whitespaces`, U+000A–U+000D, U+0085 and the
    /// line and paragraph separators.
    package static let whitespacesAndNewlines = ScalarSet { scalar in
        let value = scalar.value
        return isWhitespace(value) || (0x0A...0x0D).contains(value) || value == 0x85 || value == 0x2028 || value == 0x2029
    }

    /// ASCII letters and digits and the scalars of `others`.
    package static func asciiAlphanumerics(and others: String) -> ScalarSet {
        let extra = ScalarSet(charactersIn: others)
        return ScalarSet { scalar in
            switch scalar.value {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
            default: extra.contains(scalar)
            }
        }
    }

    // Foundation's list, fixed rather than read from the Unicode tables so that it stays the
    // same set whatever the standard library's Unicode version says about U+200B.
    private static func isWhitespace(_ value: UInt32) -> Bool {
        switch value {
        case 0x09, 0x20, 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }
}
