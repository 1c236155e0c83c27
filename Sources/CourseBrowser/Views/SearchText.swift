import TextBasics

/// Text as finding compares it: no case, no accents (Vietnamese đ as d too), so `lap trinh`
/// finds "Lập trình"; scripts without a Latin spelling are left as they are.
package enum SearchText {
    static func folded(_ text: String) -> String {
        var folder = Folder()
        return String(decoding: folder.fold(text), as: UTF8.self)
    }

    /// Folds many texts, remembering what each non-ASCII scalar folds to: a list of 100,000
    /// courses holds only a few hundred distinct ones, and each takes a lookup and replacements.
    ///
    /// Combining accents (`e` + U+0301, as decomposed names have them) fold to nothing, so a
    /// name written with them folds as the same name written with precomposed letters.
    struct Folder {
        private var known: [UInt32: [UInt8]] = [:]

        /// `text` folded, as UTF-8.
        mutating func fold(_ text: String) -> [UInt8] {
            var result: [UInt8] = []
            result.reserveCapacity(text.utf8.count)
            for scalar in text.unicodeScalars {
                let value = scalar.value
                if value < 0x80 {
                    result.append(UInt8(value) | ((65...90).contains(value) ? 0x20 : 0))
                } else if let folded = known[value] {
                    result += folded
                } else {
                    let folded = LetterFold.isCombiningAccent(value) ? [] : Array(LetterFold.folded(scalar).utf8)
                    known[value] = folded
                    result += folded
                }
            }
            return result
        }
    }

    /// The words of a query, folded; every one must be found for a match.
    static func words(_ query: String) -> [String] {
        folded(query).split(whereSeparator: \.isWhitespace).map(String.init)
    }

    /// Whether every word is somewhere in `haystack` (already folded, as UTF-8).
    static func matches(_ words: [[UInt8]], in haystack: [UInt8]) -> Bool {
        words.allSatisfy { contains($0, in: haystack) }
    }

    /// Where each word first appears in `text`, as ranges of its characters, for highlighting.
    static func ranges(of words: [String], in text: String, folder: Folder = Folder()) -> [Range<Int>] {
        // Folded character by character, so a range found in the folded text maps back.
        var folder = folder
        var folded: [Character] = []
        var owner: [Int] = []
        for (index, character) in text.enumerated() {
            for piece in String(decoding: folder.fold(String(character)), as: UTF8.self) {
                folded.append(piece)
                owner.append(index)
            }
        }
        return words.compactMap { word in
            let needle = Array(word)
            guard !needle.isEmpty, needle.count <= folded.count else { return nil }
            for start in 0...(folded.count - needle.count) where Array(folded[start..<start + needle.count]) == needle {
                return owner[start]..<(owner[start + needle.count - 1] + 1)
            }
            return nil
        }
    }

    /// Whether `needle` occurs in `haystack`, byte for byte.
    static func contains(_ needle: [UInt8], in haystack: [UInt8]) -> Bool {
        guard let first = needle.first else { return true }
        guard needle.count <= haystack.count else { return false }
        let last = haystack.count - needle.count
        var index = 0
        while index <= last {
            if haystack[index] == first {
                var offset = 1
                while offset < needle.count, haystack[index + offset] == needle[offset] { offset += 1 }
                if offset == needle.count { return true }
            }
            index += 1
        }
        return false
    }
}

extension SearchText {
    /// Whether every word of `query` is in `text`, as finding compares them; an empty query finds nothing.
    package static func finds(_ query: String, in text: String) -> Bool {
        let words = words(query).map { Array($0.utf8) }
        return !words.isEmpty && matches(words, in: Array(folded(text).utf8))
    }
}
