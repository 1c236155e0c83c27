/// How Canvas names the copy of a file whose name its submissions folder already holds.
extension SubmissionAttempt {
    /// Whether `shown` is `name`, or `name` as Canvas renames a duplicate in a submissions folder.
    ///
    /// Canvas (`Attachment.make_unique_filename`) puts `-1` up to `-7` before the name's
    /// extension, then a random UUID once those are taken: `essay-1.pdf`, `report-2.final.pdf`,
    /// `archive-1.tar.gz`, `notes-0c5e…d1.txt`, `README-1`. Older Canvas versions, which
    /// schools that run their own may still have, put a number counting on from 1 before the
    /// last dot: `essay-12.pdf`, `report.final-1.pdf`. Both are recognised: a copy not
    /// recognised as the queue's own would be handed in again.
    static func name(_ shown: String, couldBe name: String) -> Bool {
        if shown == name { return true }
        let bytes = Array(shown.utf8)
        let (stem, suffix) = canvasStemAndExtension(name)
        if let mark = mark(in: bytes, between: stem, and: suffix), isRenameMark(mark) { return true }
        let (oldStem, oldSuffix) = lastDotStemAndExtension(name)
        return mark(in: bytes, between: oldStem, and: oldSuffix).map(isCount) ?? false
    }

    /// What `bytes` hold between `stem-` and `suffix`, when they start and end so with something between.
    private static func mark(in bytes: [UInt8], between stem: String, and suffix: String) -> ArraySlice<UInt8>? {
        let head = Array((stem + "-").utf8)
        let tail = Array(suffix.utf8)
        guard bytes.count > head.count + tail.count, bytes.starts(with: head), bytes.reversed().starts(with: tail.reversed()) else { return nil }
        return bytes[head.count..<(bytes.count - tail.count)]
    }

    /// Whether `bytes` are a count from 1 as older Canvas versions wrote it: ASCII digits, no leading zero.
    private static func isCount(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard let first = bytes.first, first != UInt8(ascii: "0") else { return false }
        return bytes.allSatisfy(isASCIIDigit)
    }

    /// `name` split before its last dot, as older Canvas versions split it (Ruby's `File.extname`):
    /// no extension for a name whose only dot leads it (`.bashrc`) or that has none.
    private static func lastDotStemAndExtension(_ name: String) -> (stem: String, extension: String) {
        let bytes = Array(name.utf8)
        guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")), dot > 0 else { return (name, "") }
        return (String(decoding: bytes[..<dot], as: UTF8.self), String(decoding: bytes[dot...], as: UTF8.self))
    }

    /// Whether `bytes` are what Canvas adds to tell a copy apart: a digit from 1 to 7, or a
    /// UUID as Ruby's `SecureRandom.uuid` writes one (8-4-4-4-12 lowercase hex digits).
    private static func isRenameMark(_ bytes: ArraySlice<UInt8>) -> Bool {
        if bytes.count == 1, let digit = bytes.first {
            return (UInt8(ascii: "1")...UInt8(ascii: "7")).contains(digit)
        }
        let groups = bytes.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        return groups.map(\.count) == [8, 4, 4, 4, 12] && groups.allSatisfy { $0.allSatisfy(isLowercaseHexDigit) }
    }

    /// `name` split as Canvas splits it to rename it: its extension is the longest ending made of
    /// dot-parts of ASCII letters and digits, each but the last starting with a letter
    /// (`report.final.pdf` is `report` and `.final.pdf`, `v1.2.pdf` is `v1.2` and `.pdf`). A
    /// name that is all extension (`.bashrc`) keeps it as its stem too, as Ruby's
    /// `File.basename` strips nothing then.
    static func canvasStemAndExtension(_ name: String) -> (stem: String, extension: String) {
        let bytes = Array(name.utf8)
        for start in bytes.indices where bytes[start] == UInt8(ascii: ".") && isCanvasExtension(bytes[(start + 1)...]) {
            let suffix = String(decoding: bytes[start...], as: UTF8.self)
            return (start == 0 ? name : String(decoding: bytes[..<start], as: UTF8.self), suffix)
        }
        return (name, "")
    }

    /// Whether `parts` (what follows an extension's first dot) are dot-parts of ASCII letters
    /// and digits, each but the last non-empty and starting with a letter.
    private static func isCanvasExtension(_ parts: ArraySlice<UInt8>) -> Bool {
        let pieces = parts.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard pieces.allSatisfy({ $0.allSatisfy(isASCIILetterOrDigit) }) else { return false }
        return pieces.dropLast().allSatisfy { $0.first.map(isASCIILetter) ?? false }
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    private static func isASCIIDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isASCIILetterOrDigit(_ byte: UInt8) -> Bool {
        isASCIILetter(byte) || isASCIIDigit(byte)
    }

    private static func isLowercaseHexDigit(_ byte: UInt8) -> Bool {
        isASCIIDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
    }
}
