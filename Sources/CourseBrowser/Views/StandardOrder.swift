import FoundationEssentials
import TextBasics

/// Orders names in a list the way Foundation's `localizedStandardCompare` did, which is ICU's
/// root collation with numbers read by value: spaces, punctuation and symbols before numbers,
/// numbers before letters, `Unit 2` before `Unit 10`; accents count only where all else ties,
/// and then case.
///
/// Letters rank by what search folds them to (`Lập` with `Lap`, `ß` as `ss`), Latin ones
/// alphabetically, other scripts by code point, Hangul, kana and Han last as ICU puts them.
enum StandardOrder {
    static func compare(_ lhs: String, _ rhs: String) -> ComparisonResult {
        // Most names differ in their first letters: the primary pass stops there.
        var left = Units(lhs)
        var right = Units(rhs)
        while true {
            let a = left.nextPrimary()
            let b = right.nextPrimary()
            guard let a, let b else {
                if a == nil && b == nil { break }
                return a == nil ? .orderedAscending : .orderedDescending
            }
            let order = a.comparePrimary(b)
            if order != .orderedSame { return order }
        }
        for level in [\Unit.secondary, \Unit.tertiary] {
            let order = compareSequences(Array(Units(lhs)).map { $0[keyPath: level] }, Array(Units(rhs)).map { $0[keyPath: level] })
            if order != .orderedSame { return order }
        }
        return compareSequences(lhs.unicodeScalars.map(\.value), rhs.unicodeScalars.map(\.value))
    }

    /// The primary pass of `compare` as one sequence: two texts whose keys differ compare as
    /// their keys do, and only texts with equal keys need `compare`'s later passes.
    ///
    /// Sorting a long list computes each key once instead of walking both names at every one
    /// of its n log n comparisons.
    ///
    /// A `cache` shared by the keys of one list reads each letter's properties once.
    static func primaryKey(_ text: String, cache: ScalarCache? = nil) -> [UInt64] {
        var key: [UInt64] = []
        key.reserveCapacity(text.utf8.count)
        appendPrimaryKey(of: text, to: &key, cache: cache)
        return key
    }

    /// Appends `text`'s primary key to `key`: the units' primaries, and after a number's,
    /// its length, its value and its digits, the same three in the same order, so that
    /// equal lengths keep the sequences aligned.
    ///
    /// ASCII letters and signs are looked up in a table, with no unit made for them.
    static func appendPrimaryKey(of text: String, to key: inout [UInt64], cache: ScalarCache?) {
        var scalars = text.unicodeScalars.makeIterator()
        var held: Unicode.Scalar?
        while let scalar = held ?? scalars.next() {
            held = nil
            if scalar.isASCII {
                let primary = asciiPrimaries[Int(scalar.value)]
                if primary == asciiDigit {
                    held = appendNumber(startingWith: UInt8(scalar.value - 0x30), scalar, then: &scalars, to: &key)
                } else if primary != 0 {
                    key.append(primary)
                }
                continue
            }
            switch cache?.kind(of: scalar) ?? ScalarKind(scalar) {
            case let .digit(digit):
                held = appendNumber(startingWith: digit, scalar, then: &scalars, to: &key)
            case let .units(units):
                for unit in units where unit.primary != 0 {
                    key.append(unit.primary)
                }
            }
        }
    }

    /// Appends the key of the number starting with `first`: its primary, then its length,
    /// its value and its digits; returns the scalar after it.
    private static func appendNumber(
        startingWith first: UInt8, _ scalar: Unicode.Scalar, then scalars: inout String.UnicodeScalarView.Iterator, to key: inout [UInt64]
    ) -> Unicode.Scalar? {
        let (unit, next) = number(startingWith: first, scalar, then: &scalars)
        key.append(unit.primary)
        key.append(UInt64(unit.digitCount))
        key.append(unit.value)
        key += unit.longDigits.map(UInt64.init)
        return next
    }

    /// One collation element: a letter, a run of digits, or a mark or symbol.
    struct Unit {
        /// Group in the top bits, then rank, then code point; 0 for a combining accent.
        var primary: UInt64
        /// A number's count of digits without leading zeros, and their value when they fit.
        var digitCount = 0
        var value: UInt64 = 0
        /// A number's digits when there are too many for `value`.
        var longDigits: [UInt8] = []
        /// The accent, or a number's script; 0 for none.
        var secondary: UInt32 = 0
        /// Case and width for a letter, leading zeros for a number.
        var tertiary: UInt32 = 0

        func comparePrimary(_ other: Unit) -> ComparisonResult {
            if primary != other.primary { return primary < other.primary ? .orderedAscending : .orderedDescending }
            if digitCount != other.digitCount { return digitCount < other.digitCount ? .orderedAscending : .orderedDescending }
            if value != other.value { return value < other.value ? .orderedAscending : .orderedDescending }
            return compareSequences(longDigits, other.longDigits)
        }
    }

    /// The units of a text, one scalar or digit run at a time.
    struct Units: Sequence, IteratorProtocol {
        private var scalars: String.UnicodeScalarView.Iterator
        /// The scalar after a digit run, read to find its end.
        private var held: Unicode.Scalar?
        /// Units of one scalar that makes several (`ß`), not yet returned.
        private var pending: [Unit] = []
        private let cache: ScalarCache?

        init(_ text: String, cache: ScalarCache? = nil) {
            scalars = text.unicodeScalars.makeIterator()
            self.cache = cache
        }

        mutating func nextPrimary() -> Unit? {
            while let unit = next() {
                if unit.primary != 0 { return unit }
            }
            return nil
        }

        mutating func next() -> Unit? {
            if !pending.isEmpty { return pending.removeFirst() }
            while let scalar = held ?? scalars.next() {
                held = nil
                if scalar.isASCII, let unit = asciiUnits[Int(scalar.value)] {
                    return unit
                }
                switch cache?.kind(of: scalar) ?? ScalarKind(scalar) {
                case let .digit(digit):
                    return number(startingWith: digit, scalar)
                case var .units(units):
                    guard !units.isEmpty else { continue }
                    let first = units.removeFirst()
                    pending = units
                    return first
                }
            }
            return nil
        }

        private mutating func number(startingWith first: UInt8, _ scalar: Unicode.Scalar) -> Unit {
            let (unit, next) = StandardOrder.number(startingWith: first, scalar, then: &scalars)
            held = next
            return unit
        }
    }

    /// The unit of the number whose first digit is `first` (the scalar `scalar`) and whose
    /// others `scalars` gives, and the scalar after it.
    fileprivate static func number(
        startingWith first: UInt8, _ scalar: Unicode.Scalar, then scalars: inout String.UnicodeScalarView.Iterator
    ) -> (unit: Unit, next: Unicode.Scalar?) {
        var unit = Unit(primary: numberPrimary)
        var digits: [UInt8] = []
        let add = { (digit: UInt8, scalar: Unicode.Scalar) in
            if digits.isEmpty && unit.digitCount == 0 && digit == 0 {
                unit.tertiary += 1
            } else if unit.digitCount < 19 {
                unit.digitCount += 1
                unit.value = unit.value * 10 + UInt64(digit)
            } else {
                if digits.isEmpty { digits = Array(String(unit.value).utf8).map { $0 - 0x30 } }
                digits.append(digit)
                unit.digitCount += 1
            }
            if !scalar.isASCII && unit.secondary == 0 { unit.secondary = scalar.value }
        }
        add(first, scalar)
        var next = scalars.next()
        while let current = next, let digit = StandardOrder.digit(current) {
            add(digit, current)
            next = scalars.next()
        }
        unit.longDigits = digits
        return (unit, next)
    }

    private static let numberPrimary = key(2)

    /// A primary weight: the group orders first, then the rank within it, then the code point.
    private static func key(_ group: UInt64, rank: UInt64 = 0, _ value: UInt32 = 0) -> UInt64 {
        (group << 40) | (rank << 24) | UInt64(value)
    }

    /// The value of a decimal digit of any script, fullwidth ones too.
    fileprivate static func digit(_ scalar: Unicode.Scalar) -> UInt8? {
        if scalar.isASCII {
            return (0x30...0x39).contains(scalar.value) ? UInt8(scalar.value - 0x30) : nil
        }
        guard scalar.properties.numericType == .decimal, let value = scalar.properties.numericValue else { return nil }
        return UInt8(value)
    }

    /// The primary of each ASCII scalar: `asciiDigit` for the digits, 0 for the controls
    /// that order as nothing.
    private static let asciiPrimaries: [UInt64] = (0..<128).map { value in
        if (0x30...0x39).contains(value) { return asciiDigit }
        return asciiUnits[value]?.primary ?? 0
    }

    private static let asciiDigit = UInt64.max

    /// The unit of each ASCII scalar but the digits; `nil` for those and for the controls
    /// that order as nothing.
    private static let asciiUnits: [Unit?] = (0..<128).map { value in
        guard !(0x30...0x39).contains(value), let scalar = Unicode.Scalar(UInt32(value)) else { return nil }
        return units(for: scalar).first
    }

    fileprivate static func units(for original: Unicode.Scalar) -> [Unit] {
        var scalar = original
        var wide: UInt32 = 0
        // Fullwidth forms order as their ASCII letters and signs, wider only on a tie.
        if (0xFF01...0xFF5E).contains(original.value), let narrow = Unicode.Scalar(original.value - 0xFEE0) {
            scalar = narrow
            wide = 1
        }
        return units(for: scalar, original: original, wide: wide)
    }

    private static func units(for scalar: Unicode.Scalar, original: Unicode.Scalar, wide: UInt32) -> [Unit] {
        let value = scalar.value
        if let rank = variableRanks[value] {
            return [Unit(primary: key(1, rank: UInt64(rank)), tertiary: wide)]
        }
        if LetterFold.isCombiningAccent(value) {
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
        case .letterNumber where !expansions.keys.contains(searchFolding(of: value)?.first?.value ?? value), .otherNumber:
            return [Unit(primary: key(3, value))]
        case .unassigned, .privateUse:
            return [Unit(primary: key(10, value))]
        default:
            break
        }
        if (0xFE00...0xFE0F).contains(value) || (0xE0100...0xE01EF).contains(value) {
            return []
        }
        // ASCII letters fold by case alone, outside the table as in search.
        let folded = (searchFolding(of: value) ?? [(0x41...0x5A).contains(value) ? Unicode.Scalar(UInt8(value + 0x20)) : scalar])
            .flatMap { expansions[$0.value].map { Array($0.unicodeScalars) } ?? [$0] }
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

    private static func compareSequences<Element: Comparable>(_ left: [Element], _ right: [Element]) -> ComparisonResult {
        for (a, b) in zip(left, right) where a != b {
            return a < b ? .orderedAscending : .orderedDescending
        }
        return left.count == right.count ? .orderedSame : left.count < right.count ? .orderedAscending : .orderedDescending
    }

    /// What a letter that search folds orders as: its folding, with the Latin letters that
    /// search spells plainly (`ø` as `o`) spelled so too; nil for other scalars. Worked out
    /// when a letter is met (sorts keep what they found in a `ScalarCache`), not for every
    /// letter there is before the first list can be sorted.
    private static func searchFolding(of value: UInt32) -> [Unicode.Scalar]? {
        // Search spells dotless i as i, but it orders after i.
        guard value != 0x131, LetterFold.folding(of: value) != nil || LetterFold.plainSpellings[value] != nil,
              let scalar = Unicode.Scalar(value) else { return nil }
        var folder = SearchText.Folder()
        return Array(String(decoding: folder.fold(String(scalar)), as: UTF8.self).unicodeScalars)
    }

    /// Letters that order as the letters they are made of, as Unicode's compatibility mappings
    /// spell them (digraphs, ligatures, roman numerals), and eth, which orders as an accented d.
    private static let expansions: [UInt32: String] = [
        0xF0: "d", 0x133: "ij", 0x1C6: "dz", 0x1C9: "lj", 0x1CC: "nj", 0x1F3: "dz", 0xFB00: "ff", 0xFB01: "fi", 0xFB02: "fl",
        0xFB03: "ffi", 0xFB04: "ffl", 0xFB05: "st", 0xFB06: "st",
        0x2170: "i", 0x2171: "ii", 0x2172: "iii", 0x2173: "iv", 0x2174: "v", 0x2175: "vi", 0x2176: "vii", 0x2177: "viii",
        0x2178: "ix", 0x2179: "x", 0x217A: "xi", 0x217B: "xii", 0x217C: "l", 0x217D: "c", 0x217E: "d", 0x217F: "m",
    ]

    /// Spaces, punctuation, symbols and currency signs in ICU's order; a string lists signs
    /// that order alike.
    private static let variableOrder = [
        "\t", "\n", "\u{B}", "\u{C}", "\r", "\u{85}", "\u{2028}", "\u{2029}", " \u{3000}\u{A0}",
        "_", "-", "\u{2010}\u{2011}", "\u{2012}", "\u{2013}", "\u{2014}", "〜", "・", ",", "、", ";", ":", "!", "¡", "?",
        "¿", ".\u{2026}", "。", "·", "'\u{2018}\u{2019}", "\"\u{201C}\u{201D}", "«", "»", "(", ")", "[", "]", "{", "}",
        "「", "」", "§", "¶", "@", "*", "/", "\\", "&", "#", "%", "\u{2022}", "′″",
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

extension StandardOrder {
    /// What one scalar orders as: a digit of a number, or its units (none for what orders
    /// as nothing).
    enum ScalarKind {
        case digit(UInt8)
        case units([Unit])

        init(_ scalar: Unicode.Scalar) {
            if let digit = StandardOrder.digit(scalar) {
                self = .digit(digit)
            } else {
                self = .units(StandardOrder.units(for: scalar))
            }
        }
    }

    /// The kinds of the scalars seen so far, for making many keys on one thread.
    final class ScalarCache {
        private var kinds: [UInt32: ScalarKind] = [:]

        func kind(of scalar: Unicode.Scalar) -> ScalarKind {
            if let known = kinds[scalar.value] { return known }
            let kind = ScalarKind(scalar)
            kinds[scalar.value] = kind
            return kind
        }
    }
}
