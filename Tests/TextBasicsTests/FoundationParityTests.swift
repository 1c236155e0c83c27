import Foundation
import Testing
import TextBasics

/// TextBasics gives what Foundation gave, checked against Foundation itself.
@Suite struct FoundationParityTests {
    /// Texts with the edges that matter: spaces of every kind, newlines, accents that combine
    /// with a space, CR LF, emoji, and nothing at all.
    static let corpus: [String] = [
        "", " ", "  ", "\t", "\n", "\r\n", " \r\n ", "a", " a ", "\ta b\t", "\n\nline\n", " \u{A0}x\u{A0} ",
        "\u{2003}em\u{2003}", "\u{200B}zero\u{200B}", "\u{3000}全角\u{3000}", " \u{301}x ", "x \u{301}", "e\u{301} ",
        "\u{85}next\u{85}", "\u{2028}ls\u{2029}", "\u{B}\u{C}vt ff\u{C}", " 😀 ", "🇺🇸 ", "\"quoted\"", "[::1]", "[]",
        "Lập trình Swift", " Tiếng Việt ", "sis_course_id:ABC ", "  1~secret\n", "\u{1680}ogham\u{205F}", "\u{202F}nb\u{180E}",
        "a_b_c", "online_text_entry", "%s", "x %s y %s", "%%s", "a-b-c-", "--", "_\u{301}", "%s\u{301}", "-\u{301}x",
        "https://school.example/courses/1003", "ümlaut", "ß", "İstanbul", "ﬁle", "Kelvin \u{212A}", "ſ",
    ]

    @Test func whitespaceSetsHoldTheScalarsFoundationsHold() {
        var differences: [String] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if ScalarSet.whitespaces.contains(scalar) != CharacterSet.whitespaces.contains(scalar) {
                differences.append("whitespaces U+\(String(value, radix: 16))")
            }
            if ScalarSet.whitespacesAndNewlines.contains(scalar) != CharacterSet.whitespacesAndNewlines.contains(scalar) {
                differences.append("whitespacesAndNewlines U+\(String(value, radix: 16))")
            }
        }
        #expect(differences.isEmpty, "\(differences.prefix(20))")
    }

    @Test(arguments: corpus)
    func trimmingTrimsWhatFoundationTrims(text: String) {
        let padded = " \(text)\t"
        for sample in [text, padded, "\n" + text + "\u{2029}"] {
            #expect(Array(sample.trimming(.whitespaces).unicodeScalars) == Array(sample.trimmingCharacters(in: .whitespaces).unicodeScalars))
            #expect(Array(sample.trimming(.whitespacesAndNewlines).unicodeScalars)
                == Array(sample.trimmingCharacters(in: .whitespacesAndNewlines).unicodeScalars))
            for characters in ["\"", "[]", "x\u{301}", " a"] {
                #expect(Array(sample.trimming(ScalarSet(charactersIn: characters)).unicodeScalars)
                    == Array(sample.trimmingCharacters(in: CharacterSet(charactersIn: characters)).unicodeScalars))
            }
        }
        // A substring trims as its text does, as the header parser's slices are trimmed.
        let slice = padded.dropFirst()
        #expect(Array(slice.trimming(.whitespaces).unicodeScalars) == Array(slice.trimmingCharacters(in: .whitespaces).unicodeScalars))
    }

    /// The sets Canvas percent-encodes with: a path segment's and a form field's.
    static let encodingSets: [(ScalarSet, CharacterSet)] = {
        var segment = CharacterSet.urlPathAllowed
        segment.remove(charactersIn: "/;?#%")
        let unreserved = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
        return [
            (ScalarSet.asciiAlphanumerics(and: "!$&'()*+,-.:=@_~"), segment),
            (ScalarSet(charactersIn: unreserved), CharacterSet(charactersIn: unreserved)),
        ]
    }()

    @Test func percentEncodingSetsMatchFoundations() {
        for (ours, foundation) in Self.encodingSets {
            let differing = (UInt32(0)...0x10FFFF).compactMap(Unicode.Scalar.init).filter { ours.contains($0) != foundation.contains($0) }
            #expect(differing.isEmpty, "\(differing.prefix(20).map { String($0.value, radix: 16) })")
        }
    }

    @Test(arguments: corpus + ["a/b?c#d%e;f", "\u{0}", "日本語", "a b&c=d+e", "~._-", "100%", "sis_course_id:A/B"])
    func percentEncodingWritesWhatFoundationWrites(text: String) {
        for (ours, foundation) in Self.encodingSets {
            #expect(text.percentEncoded(allowing: ours) == text.addingPercentEncoding(withAllowedCharacters: foundation))
        }
    }

    @Test(arguments: [
        "", "abc", "a%20b", "%", "%2", "%zz", "%C3%A9", "%c3%a9", "%C3", "%FF", "a%2fb", "%00", "x%", "%%41", "%41%",
        "%e2%82%ac", "100%25", "%F0%9F%98%80", "%ED%A0%80", "%C0%AF", "1003", "%31%30%30%33", "Lập%20trình", "%g1",
    ])
    func percentDecodingReadsWhatFoundationReads(text: String) {
        #expect(text.percentDecoded == text.removingPercentEncoding)
    }

    @Test(arguments: [
        "Rate Limit Exceeded", "403 Forbidden (Rate Limit Exceeded)", "rate limit exceeded.", "RATE LIMIT EXCEEDED",
        "rate  limit exceeded", "rate-limit exceeded", "", "{\"errors\":[{\"message\":\"Rate Limit Exceeded\"}]}",
        "Request has expired", "EXPIRED", "<Code>AccessDenied</Code><Message>Request has expired</Message>", "Expiré",
        "exp\u{301}ired", "expired\u{301}", "ﬀ", "Lập trình", "İSTANBUL rate limit exceeded",
    ])
    func caseInsensitiveContainsFindsWhatFoundationFinds(text: String) {
        for needle in ["rate limit exceeded", "expired"] {
            #expect(text.containsIgnoringCase(needle) == text.localizedCaseInsensitiveContains(needle), "\(needle) in \(text)")
        }
    }

    /// The package replaces `%s`, `_` and `-` with the standard library's `replacing(_:with:)`,
    /// which matches Foundation's `replacingOccurrences(of:with:)` for those.
    @Test(arguments: corpus)
    func replacingReplacesWhatFoundationReplaced(text: String) {
        for (target, replacement) in [("%s", "https://x.example/a?b=1"), ("_", " "), ("-", "")] {
            #expect(Array(text.replacing(target, with: replacement).unicodeScalars)
                == Array(text.replacingOccurrences(of: target, with: replacement).unicodeScalars))
        }
    }
}
