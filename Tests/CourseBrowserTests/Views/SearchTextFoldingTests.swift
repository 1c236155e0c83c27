@testable import CourseBrowser
import Foundation
import Testing
import TextBasics

/// Search folds each scalar as it did when it asked Foundation.
@Suite struct SearchTextFoldingTests {
    /// The folding as it was written with Foundation, for comparison.
    static func foldedByFoundation(_ scalar: Unicode.Scalar) -> [UInt8] {
        if LetterFold.isCombiningAccent(scalar.value) { return [] }
        var folded = String(scalar).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        for (letter, plain) in LetterFold.latinLetters {
            folded = folded.replacingOccurrences(of: letter, with: plain)
        }
        return Array(folded.utf8)
    }

    /// Han, Hangul syllables, private use and the unassigned planes: blocks without case or
    /// accents, where every 61st scalar is enough and the rest would only slow the suite.
    static let sparse: [ClosedRange<UInt32>] = [
        0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xE000...0xF8FF, 0x20000...0x3FFFF, 0x40000...0xDFFFF,
        0xF0000...0x10FFFF,
    ]

    @Test func scalarsFoldAsFoundationFoldedThem() {
        var folder = SearchText.Folder()
        var differences: [String] = []
        for value in UInt32(0x80)...0x10FFFF {
            if value % 61 != 0, Self.sparse.contains(where: { $0.contains(value) }) { continue }
            guard let scalar = Unicode.Scalar(value) else { continue }
            let ours = folder.fold(String(scalar))
            let foundation = Self.foldedByFoundation(scalar)
            if ours != foundation {
                differences.append("U+\(String(value, radix: 16)): \(ours) vs \(foundation)")
            }
        }
        #expect(differences.isEmpty, "\(differences.count) differ: \(differences.prefix(20))")
    }

    @Test(arguments: [
        ("Lập trình Swift", "lap trinh swift"), ("Đại học", "dai hoc"), ("Łódź", "lodz"), ("Øresund", "oresund"),
        ("Æsop", "aesop"), ("Straße", "strasse"), ("CAFÉ", "cafe"), ("Ça va", "ca va"), ("ı", "i"),
        ("Cafe\u{301}", "cafe"), ("情報科学", "情報科学"), ("ΑΒΓ", "αβγ"), ("Ёлка", "елка"), ("한국어", "한국어"),
    ])
    func wordsFoldAsAReaderSearches(text: String, folded: String) {
        #expect(SearchText.folded(text) == folded)
        #expect(SearchText.words("lap trinh") == ["lap", "trinh"])
    }
}
