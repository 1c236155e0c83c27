import HTMLText
import TextBasics

/// Canvas's `lock_explanation`, which is HTML (`This assignment is part of the module <b>Week 2</b>
/// and hasn't been unlocked yet.<br/><a href='…'>Visit the course modules page…</a>`), as the
/// plain text every place that shows it needs: the panes, the hand-in picker, `submit`, warnings
/// and download errors.
package enum CanvasLockExplanation {
    /// The explanation as one line of text; nil when there is none or it says nothing.
    ///
    /// Links keep their words and lose their addresses: the modules page the words name is a
    /// key away, and Canvas adds a hidden link (`display: none`) only its own page looks up.
    package static func text(_ html: String?) -> String? {
        guard let html else { return nil }
        let words = HTMLText.plainText(withoutLinkAttributes(html)).split(whereSeparator: \.isWhitespace)
        return words.isEmpty ? nil : words.joined(separator: " ")
    }

    /// `html` with each `<a …>` start tag cut to `<a>`, in one pass over its bytes.
    ///
    /// A pattern did this before, but compiling it cost more than the rest of reading a
    /// course's assignments, once per start.
    package static func withoutLinkAttributes(_ html: String) -> String {
        let bytes = Array(html.utf8)
        var kept: [UInt8] = []
        kept.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if let end = linkTagEnd(in: bytes, at: index) {
                kept += Array("<a>".utf8)
                index = end
            } else {
                kept.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: kept, as: UTF8.self)
    }

    /// The index after the `>` of an `<a` start tag at `index` (`<a`, `<A`, `<a href…`, not
    /// `<abbr>`); nil where none starts there or it never closes.
    private static func linkTagEnd(in bytes: [UInt8], at index: Int) -> Int? {
        guard index + 2 < bytes.count, bytes[index] == UInt8(ascii: "<"), bytes[index + 1] | 0x20 == UInt8(ascii: "a"),
              !isWordByte(bytes[index + 2]),
              let close = bytes[(index + 2)...].firstIndex(of: UInt8(ascii: ">"))
        else { return nil }
        return close + 1
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"): true
        // Letters beyond ASCII are word characters to a pattern's \b too.
        case 0x80...: true
        default: false
        }
    }
}
