/// What a single Unicode scalar contributes when it is the base of a grapheme cluster.
///
/// `Character.displayWidth` decides a cluster's width from its base scalar and, for emoji
/// and flags, from what follows it. These are the cases it tells apart, so one lookup in
/// ``ScalarWidthTable`` stands in for several Unicode property lookups per character.
enum ScalarWidthKind: UInt8, Hashable, Sendable {
    /// Never a base: combining and enclosing marks, joiners and other format characters.
    case zeroWidth
    /// Acted on by a terminal instead of drawn: controls and line or paragraph separators.
    case undrawable
    /// Two columns whatever follows (East Asian Wide or Fullwidth, emoji presentation).
    case wide
    /// One column, or two when U+FE0F follows it or U+200D joins it to more.
    case emoji
    /// One column.
    case narrow

    /// The kind of `scalar`, read from the Unicode properties the measuring rules use.
    init(classifying scalar: Unicode.Scalar) {
        let category = scalar.properties.generalCategory
        if category.isZeroWidth {
            self = .zeroWidth
        } else if category.isUndrawable {
            self = .undrawable
        } else if scalar.isWide {
            self = .wide
        } else if scalar.properties.isEmoji {
            self = .emoji
        } else {
            self = .narrow
        }
    }
}
