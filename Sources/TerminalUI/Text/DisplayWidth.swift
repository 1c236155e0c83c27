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
        ScalarWidthTable.width(of: self)
    }
}

extension StringProtocol {
    /// The number of terminal columns this text occupies on one line.
    public var displayWidth: Int {
        if isOneColumnPerScalar { return scalarCount }
        return reduce(0) { $0 + ScalarWidthTable.width(of: $1) }
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
        if plainlyFits(inWidth: width) { return self }

        let ellipsisWidth = ellipsis.displayWidth
        guard ellipsisWidth <= width else { return fits(inWidth: width) ? self : ellipsis.prefix(fittingWidth: width) }
        guard let end = endOfPrefix(fittingWidth: width - ellipsisWidth, unlessAllFit: width) else { return self }
        return String(self[..<end]) + ellipsis
    }

    /// This text shortened to at most `width` columns from its front, starting with `ellipsis`
    /// when cut: where texts alike differ at their end (`…T2215`, `…T2207`).
    ///
    /// Cuts only between grapheme clusters, as `truncated(toWidth:)` does.
    public func truncatedFromFront(toWidth width: Int, ellipsis: String = "…") -> String {
        guard width > 0 else { return "" }
        if fits(inWidth: width) { return self }
        let room = width - ellipsis.displayWidth
        guard room >= 0 else { return ellipsis.prefix(fittingWidth: width) }
        var start = endIndex
        var used = 0
        while start > startIndex {
            let previous = index(before: start)
            let columns = self[previous].displayWidth
            guard used + columns <= room else { break }
            used += columns
            start = previous
        }
        return ellipsis + self[start...]
    }

    /// This text truncated to `width` columns, then padded with spaces to exactly `width`.
    public func padded(toWidth width: Int) -> String {
        guard width > 0 else { return "" }
        let fitted = truncated(toWidth: width)
        return fitted + String(repeating: " ", count: width - fitted.displayWidth)
    }

    /// The longest leading run of whole grapheme clusters that fits in `width` columns.
    func prefix(fittingWidth width: Int) -> String {
        String(self[..<(endOfPrefix(fittingWidth: width, unlessAllFit: width) ?? endIndex)])
    }

    /// Where the longest leading run of whole clusters within `limit` columns ends, found
    /// in the same walk that tells whether the whole text is within `width`; nil if it is.
    ///
    /// The walk stops as soon as the text is found too wide, and each cluster is found
    /// once, where indexing would find it again for its width and for the next index.
    func endOfPrefix(fittingWidth limit: Int, unlessAllFit width: Int) -> String.Index? {
        if isPrintableASCII {
            guard utf8.count > width else { return nil }
            return utf8.index(startIndex, offsetBy: Swift.max(0, Swift.min(limit, utf8.count)))
        }
        if isOneColumnPerScalar {
            let count = scalarCount
            guard count > width else { return nil }
            return unicodeScalars.index(startIndex, offsetBy: Swift.max(0, Swift.min(limit, count)))
        }
        var used = 0
        var end = startIndex
        var extending = true
        for character in self {
            let columns = ScalarWidthTable.width(of: character)
            if extending, used + columns <= limit {
                end = utf8.index(end, offsetBy: character.utf8.count)
            } else {
                extending = false
            }
            used += columns
            if used > width { return end }
        }
        return nil
    }

    /// Whether this text is at most `width` columns, measuring no further than needed to tell.
    func fits(inWidth width: Int) -> Bool {
        plainlyFits(inWidth: width) || endOfPrefix(fittingWidth: 0, unlessAllFit: width) == nil
    }

    /// Whether this text is at most `width` columns as far as its bytes, or a bound summed
    /// over its scalars, can tell; when false, text that is not ASCII may still fit.
    ///
    /// Finding clusters costs far more than reading scalars, and most text fits with room to spare.
    private func plainlyFits(inWidth width: Int) -> Bool {
        if isPrintableASCII { return utf8.count <= width }
        return ScalarWidthTable.mostColumns(of: unicodeScalars, limit: width) <= width
    }
}

extension ScalarWidthTable {
    /// The columns `character` takes, by the rules ``Character/displayWidth`` describes.
    ///
    /// Walks the cluster's scalars in place: most clusters are a single scalar, and
    /// nothing here allocates.
    static func width(of character: Character) -> Int {
        var scalars = character.unicodeScalars.makeIterator()
        while let base = scalars.next() {
            let kind = kind(of: base)
            switch kind {
            case .zeroWidth:
                continue
            case .undrawable:
                return 0
            case .wide:
                return 2
            case .emoji, .narrow:
                guard let next = scalars.next() else { return 1 }
                if kind == .emoji,
                   next == .emojiPresentationSelector || next == .zeroWidthJoiner || IteratorSequence(scalars).contains(.zeroWidthJoiner) {
                    return 2
                }
                return base.isRegionalIndicator && next.isRegionalIndicator ? 2 : 1
            }
        }
        return 0
    }

    /// A bound on the columns `scalars` can take however they form clusters, counted no
    /// further than past `limit`.
    ///
    /// Each scalar adds the most its cluster could owe to it: a wide base two, any other
    /// base one, and U+FE0F or U+200D the second column they can give an emoji base. A
    /// pair of regional indicators has its second column from the second indicator.
    /// So the sum is never less than the width.
    static func mostColumns(of scalars: some Sequence<Unicode.Scalar>, limit: Int) -> Int {
        var total = 0
        for scalar in scalars {
            switch kind(of: scalar) {
            case .wide: total += 2
            case .emoji, .narrow: total += 1
            case .zeroWidth where scalar == .emojiPresentationSelector || scalar == .zeroWidthJoiner: total += 1
            case .zeroWidth, .undrawable: break
            }
            if total > limit { break }
        }
        return total
    }
}

extension Unicode.GeneralCategory {
    /// Whether a scalar of this category takes no column of its own (combining marks,
    /// joiners, variation selectors and other format characters such as U+200B).
    var isZeroWidth: Bool {
        switch self {
        case .nonspacingMark, .enclosingMark, .format:
            return true
        default:
            return false
        }
    }

    /// Whether a terminal would act on a scalar of this category instead of drawing it.
    var isUndrawable: Bool {
        switch self {
        case .control, .lineSeparator, .paragraphSeparator:
            return true
        default:
            return false
        }
    }
}

extension Unicode.Scalar {
    static let emojiPresentationSelector: Unicode.Scalar = "\u{FE0F}"
    static let zeroWidthJoiner: Unicode.Scalar = "\u{200D}"

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
