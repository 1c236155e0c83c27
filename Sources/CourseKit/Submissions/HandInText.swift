import TextBasics

/// A text entry or a link as handed in: how a student's plain text is written as the HTML body
/// a backend keeps, and the forms in which one handed in is recognised again.
public enum HandInText {
    /// The most a text entry takes, in bytes: far past any essay, short of a mistake.
    public static let largest = 4 << 20

    /// The words of `text` with every run of whitespace one space: what survives a backend
    /// keeping the text as HTML (paragraphs, line breaks) and reading it back as text.
    public static func normalized(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// `text` without control characters but line breaks and tabs; a carriage return ends a
    /// line as a newline does.
    public static func withoutControls(_ text: String) -> String {
        let lines = text.replacing("\r\n", with: "\n").replacing("\r", with: "\n")
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: lines.unicodeScalars.filter { scalar in
            scalar == "\n" || scalar == "\t" || scalar.properties.generalCategory != .control
        })
        return String(kept)
    }

    /// A text handed in, as a sentence names it: `a text of 212 words`.
    public static func naming(text: String) -> String {
        "a text of \(wordCount(text)) words"
    }

    /// A link handed in, as a sentence names it: `the link https://…`.
    public static func naming(link address: String) -> String {
        "the link \(address)"
    }

    public static func wordCount(_ text: String) -> Int {
        text.split(whereSeparator: \.isWhitespace).count
    }

    /// `text` as HTML: each paragraph (lines parted by a blank line) a `<p>`, each line break
    /// within one a `<br>`, and `&`, `<`, `>` written as entities so nothing is read as markup.
    public static func html(_ text: String) -> String {
        let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false)
            .split { $0.trimming(.whitespaces).isEmpty }
        return paragraphs.map { lines in
            "<p>" + lines.map { escaped(String($0).trimming(.whitespaces)) }.joined(separator: "<br>") + "</p>"
        }.joined()
    }

    /// A link as a backend keeps it: with `http://` before one written without a scheme.
    public static func link(_ url: String) -> String {
        let trimmed = url.trimming(.whitespaces)
        let hasScheme = trimmed.firstIndex(of: ":").map { colon in
            trimmed[..<colon].allSatisfy { $0.isLetter || $0.isNumber || "+.-".contains($0) } && trimmed[colon...].hasPrefix("://")
        } ?? false
        return hasScheme ? trimmed : "http://" + trimmed
    }

    private static func escaped(_ text: String) -> String {
        text.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;")
    }
}
