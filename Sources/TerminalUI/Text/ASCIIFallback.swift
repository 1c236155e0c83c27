/// Text for terminals that can't draw UTF-8: symbols the UI uses get ASCII stand-ins and any
/// other character becomes `?`, one column each, so columns still line up.
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
                result += standIns[character] ?? "?"
            }
        }
        return result
    }
}
