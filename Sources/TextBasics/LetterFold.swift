/// Letters without their case and accents, Vietnamese `đ` as `d` too: how search compares
/// text (`lap trinh` finds "Lập trình"), and how a terminal that can't draw UTF-8 still spells
/// a name ("Lap trinh").
///
/// One table serves both, so what search finds and what such a terminal shows never disagree.
package enum LetterFold {
    /// The blocks of accents that combine with Latin, Greek and Cyrillic letters. Other
    /// scripts' marks (Thai vowels, Devanagari signs) are letters to their readers and stay.
    package static func isCombiningAccent(_ value: UInt32) -> Bool {
        (0x300...0x36F).contains(value) || (0x1AB0...0x1AFF).contains(value) || (0x1DC0...0x1DFF).contains(value)
            || (0x20D0...0x20FF).contains(value) || (0xFE20...0xFE2F).contains(value)
    }

    /// Letters that are their own letter, not one with a mark, as a reader still searches for them.
    package static let latinLetters: [String: String] = ["đ": "d", "ł": "l", "ø": "o", "æ": "ae", "œ": "oe", "ß": "ss", "ı": "i"]

    /// `latinLetters` by scalar: each of its letters is one scalar.
    package static let plainSpellings: [UInt32: String] = Dictionary(
        uniqueKeysWithValues: latinLetters.compactMap { letter, plain in letter.unicodeScalars.first.map { ($0.value, plain) } }
    )

    /// `scalar`, one above ASCII and not a combining accent, in lower case without its marks
    /// (`Ậ` as `a`, `Đ` as `d`, `ß` as `ss`); a scalar the table leaves alone (`日`) is itself.
    package static func folded(_ scalar: Unicode.Scalar) -> String {
        var folded = ""
        for letter in folding(of: scalar.value) ?? [scalar] {
            if let plain = plainSpellings[letter.value] {
                folded += plain
            } else {
                folded.unicodeScalars.append(letter)
            }
        }
        return folded
    }
}
