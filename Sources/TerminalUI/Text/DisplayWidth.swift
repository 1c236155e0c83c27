/// Terminal column widths, measured per grapheme cluster.
///
/// Terminals lay text out in fixed-width cells, so layout code must count
/// columns rather than `Character`s or bytes. The table below is a deliberately
/// small approximation of Unicode East Asian Width plus emoji presentation; it
/// matches what common terminal emulators draw for the text this app shows.

extension Character {
    /// The number of terminal columns this grapheme cluster occupies: 0, 1 or 2.
    ///
    /// A cluster is measured by its base scalar (the first one that is not
    /// zero-width), because terminals draw combining marks and joiners on top of
    /// that base. Emoji sequences (base + U+FE0F, ZWJ sequences, flags) render as
    /// one wide glyph in modern terminals, so they count as 2 even when the base
    /// alone would be narrow. Control characters count as 0: they are never drawn.
    public var displayWidth: Int {
        let scalars = Array(unicodeScalars)
        guard let baseIndex = scalars.firstIndex(where: { !$0.isZeroWidth }) else { return 0 }
        let base = scalars[baseIndex]
        if base.isUndrawable { return 0 }
        if base.isWide { return 2 }

        let rest = scalars[(baseIndex + 1)...]
        if base.properties.isEmoji {
            if rest.first == .emojiPresentationSelector { return 2 }
            if rest.contains(.zeroWidthJoiner) { return 2 }
        }
        if base.isRegionalIndicator, rest.first?.isRegionalIndicator == true { return 2 }
        return 1
    }
}

extension StringProtocol {
    /// The number of terminal columns this text occupies on one line.
    public var displayWidth: Int {
        reduce(0) { $0 + $1.displayWidth }
    }
}

extension String {
    /// This text shortened to at most `width` columns, ending in `ellipsis` when cut.
    ///
    /// Cuts only between grapheme clusters; a wide character that would straddle
    /// the limit is dropped rather than split, so the result may be one column
    /// narrower than `width`. If even the ellipsis does not fit, as much of it as
    /// fits is returned.
    public func truncated(toWidth width: Int, ellipsis: String = "…") -> String {
        guard width > 0 else { return "" }
        if displayWidth <= width { return self }

        let ellipsisWidth = ellipsis.displayWidth
        guard ellipsisWidth <= width else { return ellipsis.prefix(fittingWidth: width) }
        return prefix(fittingWidth: width - ellipsisWidth) + ellipsis
    }

    /// This text truncated to `width` columns, then padded with spaces to exactly `width`.
    public func padded(toWidth width: Int) -> String {
        guard width > 0 else { return "" }
        let fitted = truncated(toWidth: width)
        return fitted + String(repeating: " ", count: width - fitted.displayWidth)
    }

    /// The longest leading run of whole grapheme clusters that fits in `width` columns.
    func prefix(fittingWidth width: Int) -> String {
        var used = 0
        var end = startIndex
        for index in indices {
            let columns = self[index].displayWidth
            if used + columns > width { break }
            used += columns
            end = self.index(after: index)
        }
        return String(self[..<end])
    }
}

extension Unicode.Scalar {
    static let emojiPresentationSelector: Unicode.Scalar = "\u{FE0F}"
    static let zeroWidthJoiner: Unicode.Scalar = "\u{200D}"

    /// Whether this scalar takes no column of its own (combining marks, joiners,
    /// variation selectors and other format characters such as U+200B).
    var isZeroWidth: Bool {
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format:
            return true
        default:
            return false
        }
    }

    /// Whether a terminal would act on this scalar instead of drawing it.
    var isUndrawable: Bool {
        switch properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator:
            return true
        default:
            return false
        }
    }

    var isRegionalIndicator: Bool {
        (0x1F1E6...0x1F1FF).contains(value)
    }

    /// Whether this scalar is drawn two columns wide (East Asian Wide/Fullwidth or emoji).
    var isWide: Bool {
        // Everything below Hangul Jamo is narrow; skip the table for the common case.
        guard value >= 0x1100 else { return false }
        if Self.wideRanges.contains(where: { $0.contains(value) }) { return true }
        return properties.isEmojiPresentation
    }

    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F,    // Hangul Jamo initial consonants
        0x2E80...0x303E,    // CJK radicals, Kangxi, CJK symbols and punctuation
        0x3040...0xA4CF,    // Kana, Bopomofo, CJK ideographs, Yi (U+303F is narrow)
        0xAC00...0xD7A3,    // Hangul syllables
        0xF900...0xFAFF,    // CJK compatibility ideographs
        0xFE10...0xFE19,    // Vertical forms
        0xFE30...0xFE6F,    // CJK compatibility forms, small form variants
        0xFF00...0xFF60,    // Fullwidth forms
        0xFFE0...0xFFE6,    // Fullwidth signs
        0x1F300...0x1F64F,  // Pictographs and emoticons
        0x1F900...0x1F9FF,  // Supplemental symbols and pictographs
        0x20000...0x2FFFD,  // CJK extension B and later
        0x30000...0x3FFFD,  // CJK extension G and later
    ]
}
