import TextBasics

/// Text for terminals that can't draw UTF-8: symbols the UI uses get ASCII stand-ins, letters
/// lose their accents as search folds them ("Lập trình" is "Lap trinh"), and any other
/// character becomes a `?` for each column it takes (`日` is `??`), so columns still line up.
public enum ASCIIFallback {
    static let standIns: [Character: String] = [
        "·": "-", "…": "~", "↑": "^", "↓": "v", "→": "->", "—": "-", "–": "-", "✓": "+", "❗": "!",
        "↻": "~", "█": "#", "░": ".", "›": ">", "•": "*", "“": "\"", "”": "\"", "‘": "'", "’": "'", "×": "x",
        "🔒": "#", "○": "o",
    ]

    public static func transliterate(_ text: String) -> String {
        var result = ""
        for character in text {
            if character.isASCII {
                result.append(character)
            } else {
                result += standIns[character] ?? plainSpelling(of: character) ?? String(repeating: "?", count: ScalarWidthTable.width(of: character))
            }
        }
        return result
    }

    /// `character` in ASCII letters without its accents (`ậ` as `a`, `Đ` as `D`), when that
    /// spelling takes the columns the character takes; nil when it has none that does (`日`,
    /// or `ß`, whose `ss` would push what follows a column right).
    static func plainSpelling(of character: Character) -> String? {
        var spelled = ""
        for scalar in character.unicodeScalars {
            if scalar.isASCII {
                spelled.unicodeScalars.append(scalar)
            } else if !LetterFold.isCombiningAccent(scalar.value) {
                let folded = LetterFold.folded(scalar)
                guard folded.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
                // The table folds case too; a name keeps its capitals.
                spelled += scalar.properties.isUppercase ? folded.uppercased() : folded
            }
        }
        return spelled.utf8.count == ScalarWidthTable.width(of: character) ? spelled : nil
    }
}
