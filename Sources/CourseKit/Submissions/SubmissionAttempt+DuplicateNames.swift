/// How Canvas names the copy of a file whose name its submissions folder already holds.
extension SubmissionAttempt {
    /// Whether `shown` is `name`, or `name` as Canvas renames a duplicate in a submissions folder.
    ///
    /// Canvas (`Attachment.make_unique_filename`) puts `-1` up to `-7` before the name's
    /// extension, then a random UUID once those are taken: `essay-1.pdf`, `report-2.final.pdf`,
    /// `archive-1.tar.gz`, `notes-0c5e…d1.txt`, `README-1`.
    static func name(_ shown: String, couldBe name: String) -> Bool {
        if shown == name { return true }
        let (stem, suffix) = canvasStemAndExtension(name)
        let bytes = Array(shown.utf8)
        let head = Array((stem + "-").utf8)
        let tail = Array(suffix.utf8)
        guard bytes.count > head.count + tail.count, bytes.starts(with: head), bytes.reversed().starts(with: tail.reversed()) else { return false }
        return isRenameMark(bytes[head.count..<(bytes.count - tail.count)])
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
