import FoundationEssentials

/// Orders names in a list the way Foundation's `localizedStandardCompare` did, which is ICU's
/// root collation with numbers read by value: spaces, punctuation and symbols before numbers,
/// numbers before letters, `Unit 2` before `Unit 10`; accents count only where all else ties,
/// and then case.
///
/// Letters rank by what search folds them to (`Lập` with `Lap`, `ß` as `ss`), Latin ones
/// alphabetically, other scripts by code point, Hangul, kana and Han last as ICU puts them.
enum StandardOrder {
    static func compare(_ lhs: String, _ rhs: String) -> ComparisonResult {
        let left = units(lhs)
        let right = units(rhs)
        let primary = comparePrimaries(left, right)
        if primary != .orderedSame { return primary }
        for level in [\Unit.secondary, \Unit.tertiary] {
            let order = compareSequences(left.map { $0[keyPath: level] }, right.map { $0[keyPath: level] })
            if order != .orderedSame { return order }
        }
        return compareSequences(lhs.unicodeScalars.map(\.value), rhs.unicodeScalars.map(\.value))
    }

    /// One collation element: a letter, a run of digits, or a mark or symbol.
    struct Unit {
        /// Group in the top bits, then rank, then code point; 0 for a combining accent.
        var primary: UInt64
        /// A number's digits without leading zeros, when `primary` is `numberPrimary`.
        var digits: [UInt8] = []
        /// The accent, or a number's script; 0 for none.
        var secondary: UInt32 = 0
        /// Case and width for a letter, leading zeros for a number.
        var tertiary: UInt32 = 0
    }

    private static let numberPrimary = key(2)

    /// A primary weight: the group orders first, then the rank within it, then the code point.
    private static func key(_ group: UInt64, rank: UInt64 = 0, _ value: UInt32 = 0) -> UInt64 {
        (group << 40) | (rank << 24) | UInt64(value)
    }

    private static func units(_ text: String) -> [Unit] {
        var units: [Unit] = []
        var number: (digits: [UInt8], zeros: UInt32, script: UInt32)?
        func endNumber() {
            guard let run = number else { return }
            units.append(Unit(primary: numberPrimary, digits: run.digits, secondary: run.script, tertiary: run.zeros))
            number = nil
        }
        for original in text.unicodeScalars {
            var scalar = original
            var wide: UInt32 = 0
            // Fullwidth forms order as their ASCII letters and signs, wider only on a tie.
            if (0xFF01...0xFF5E).contains(original.value), let narrow = Unicode.Scalar(original.value - 0xFEE0) {
                scalar = narrow
                wide = 1
            }
            if scalar.properties.numericType == .decimal, let value = scalar.properties.numericValue {
                var run = number ?? (digits: [], zeros: 0, script: 0)
                let digit = UInt8(value)
                if run.digits.isEmpty && digit == 0 {
                    run.zeros += 1
                } else {
                    run.digits.append(digit)
                }
                if !scalar.isASCII && run.script == 0 { run.script = scalar.value }
                number = run
                continue
            }
            endNumber()
            units += self.units(for: scalar, original: original, wide: wide)
        }
        endNumber()
        return units
    }

    private static func units(for scalar: Unicode.Scalar, original: Unicode.Scalar, wide: UInt32) -> [Unit] {
        let value = scalar.value
        if let rank = variableRanks[value] {
            return [Unit(primary: key(1, rank: UInt64(rank)), tertiary: wide)]
        }
        if SearchText.Folder.isCombiningAccent(value) {
            return [Unit(primary: 0, secondary: 0x10000 + value)]
        }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .control, .format, .surrogate:
            return []
        case .spaceSeparator, .lineSeparator, .paragraphSeparator:
            return [variable(after: lastSpaceRank, value)]
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation:
            return [variable(after: lastPunctuationRank, value)]
        case .mathSymbol, .modifierSymbol, .otherSymbol:
            return [variable(after: lastSymbolRank, value)]
        case .currencySymbol:
            return [variable(after: lastCurrencyRank, value)]
        case .letterNumber, .otherNumber:
            return [Unit(primary: key(3, value))]
        case .unassigned, .privateUse:
            return [Unit(primary: key(10, value))]
        default:
            break
        }
        if (0xFE00...0xFE0F).contains(value) || (0xE0100...0xE01EF).contains(value) {
            return []
        }
        let folded = folds[value] ?? [scalar]
        let lowered = properties.lowercaseMapping
        let accent = String(String.UnicodeScalarView(folded)) == lowered ? 0 : lowered.unicodeScalars.first?.value ?? 0
        let upper: UInt32 = properties.changesWhenLowercased ? 2 : 0
        return folded.enumerated().map { index, letter in
            Unit(primary: letterPrimary(letter), secondary: index == 0 ? accent : 0, tertiary: upper + wide + kanaTertiary(original))
        }
    }

    private static func variable(after rank: Int, _ value: UInt32) -> Unit {
        Unit(primary: key(1, rank: UInt64(rank), value))
    }

    private static func letterPrimary(_ letter: Unicode.Scalar) -> UInt64 {
        let value = letter.value
        switch value {
        case 0x61...0x7A: return key(4, rank: UInt64(value - 0x61) * 2)
        // Dotless i is a letter of its own, after i.
        case 0x131: return key(4, rank: UInt64(0x69 - 0x61) * 2 + 1)
        // Other Latin letters after z.
        case 0x80..<0x370: return key(4, rank: 60, value)
        case 0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xAC00...0xD7FF: return key(6, value)
        // Katakana with its hiragana.
        case 0x30A1...0x30F6: return key(7, value - 0x60)
        case 0x3040...0x30FF, 0x31F0...0x31FF: return key(7, value)
        case 0x4E00...0x9FFF, 0xF900...0xFAFF: return key(8, value)
        case 0x3400...0x4DBF, 0x20000...0x3FFFF: return key(9, value)
        default: return key(5, value)
        }
    }

    /// Katakana after hiragana on a tie, as ICU has it.
    private static func kanaTertiary(_ scalar: Unicode.Scalar) -> UInt32 {
        (0x30A1...0x30FA).contains(scalar.value) ? 4 : 0
    }

    private static func comparePrimaries(_ left: [Unit], _ right: [Unit]) -> ComparisonResult {
        var lhs = left.lazy.filter { $0.primary != 0 }.makeIterator()
        var rhs = right.lazy.filter { $0.primary != 0 }.makeIterator()
        while true {
            switch (lhs.next(), rhs.next()) {
            case (nil, nil): return .orderedSame
            case (nil, _): return .orderedAscending
            case (_, nil): return .orderedDescending
            case let (a?, b?):
                if a.primary != b.primary { return a.primary < b.primary ? .orderedAscending : .orderedDescending }
                if a.digits.count != b.digits.count { return a.digits.count < b.digits.count ? .orderedAscending : .orderedDescending }
                let digits = compareSequences(a.digits, b.digits)
                if digits != .orderedSame { return digits }
            }
        }
    }

    private static func compareSequences<Element: Comparable>(_ left: [Element], _ right: [Element]) -> ComparisonResult {
        for (a, b) in zip(left, right) where a != b {
            return a < b ? .orderedAscending : .orderedDescending
        }
        return left.count == right.count ? .orderedSame : left.count < right.count ? .orderedAscending : .orderedDescending
    }

    /// What each letter that search folds orders as: its folding, with the Latin letters that
    /// search spells plainly (`ø` as `o`) spelled so too.
    private static let folds: [UInt32: [Unicode.Scalar]] = {
        var folder = SearchText.Folder()
        var table: [UInt32: [Unicode.Scalar]] = [:]
        let letters = SearchText.foldTable.keys + SearchText.Folder.latinLetters.keys.flatMap { $0.unicodeScalars.map(\.value) }
        for value in letters {
            guard let scalar = Unicode.Scalar(value) else { continue }
            table[value] = Array(String(decoding: folder.fold(String(scalar)), as: UTF8.self).unicodeScalars)
        }
        return table
    }()

    /// Spaces, punctuation, symbols and currency signs in ICU's order; a string lists signs
    /// that order alike.
    private static let variableOrder = [
        "\t", "\n", "\u{B}", "\u{C}", "\r", "\u{85}", "\u{2028}", "\u{2029}", " \u{3000}\u{A0}",
        "_", "-", "\u{2010}\u{2011}", "‒", "–", "—", "〜", "・", ",", "、", ";", ":", "!", "¡", "?", "¿", ".", "…",
        "。", "·", "'", "‘", "’", "\"", "“", "”", "«", "»", "(", ")", "[", "]", "{", "}", "「", "」", "§", "¶",
        "@", "*", "/", "\\", "&", "#", "%", "•", "′", "″",
        "`", "´", "˜", "^", "¯", "¨", "¸", "ˆ", "°", "©", "®", "←", "→", "+", "±", "÷", "×", "<", "=", ">", "¬",
        "|", "¦", "~",
        "¢", "$", "£", "¥", "€",
    ]
    private static let lastSpaceRank = rank(of: " ")
    private static let lastPunctuationRank = rank(of: "″")
    private static let lastSymbolRank = rank(of: "~")
    private static let lastCurrencyRank = rank(of: "€")

    private static let variableRanks: [UInt32: Int] = {
        var ranks: [UInt32: Int] = [:]
        for (index, signs) in variableOrder.enumerated() {
            for sign in signs.unicodeScalars { ranks[sign.value] = index + 1 }
        }
        return ranks
    }()

    private static func rank(of sign: Unicode.Scalar) -> Int {
        (variableOrder.firstIndex { $0.unicodeScalars.contains(sign) } ?? variableOrder.count) + 1
    }
}
