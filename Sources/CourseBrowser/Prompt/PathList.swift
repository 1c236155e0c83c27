import CourseKit
import TextBasics

/// The paths in a prompt's line, written as a shell reads them: separated by spaces, a space
/// inside a path escaped with `\` or the path quoted, as terminals paste dropped files.
///
/// A path is bytes, not text (see `LocalPath`): outside single quotes `\xNN` (two hex digits)
/// is the byte NN, which is how a name that is not UTF-8 is written, `f\xE9.txt`, as the
/// queue and Tab show it. (To a shell `\x` is just `x`, which no one needs to type that way.)
enum PathList {
    /// The paths in `text`, in order. Text without quotes or backslashes that names an existing
    /// file as a whole is that one path, so `My essay.pdf` typed plainly still works.
    static func split(_ text: String, home: String) -> [LocalPath] {
        let trimmed = text.trimming(.whitespaces)
        if !trimmed.contains(where: { "\\'\"".contains($0) }), trimmed.contains(" "),
           PathCompletion.expand(LocalPath(trimmed), home: home).isRegularFile {
            return [LocalPath(trimmed)]
        }
        return words(in: text).map(\.path)
    }

    /// `path` as one word of the line: spaces, quotes and backslashes escaped with `\`, and
    /// each byte that is part of no character written `\xNN`.
    static func escaped(_ path: LocalPath) -> String {
        var result = String.UnicodeScalarView()
        for piece in path.pieces {
            switch piece {
            case let .scalar(scalar):
                if scalar == " " || scalar == "\\" || scalar == "'" || scalar == "\"" {
                    result.append("\\")
                }
                result.append(scalar)
            case let .byte(byte):
                result.append(contentsOf: LocalPath.escaped(byte).unicodeScalars)
            }
        }
        return String(result)
    }

    /// The last word of `text` as typed (escapes and quotes still in it) and as meant, or
    /// nil when `text` ends between words; for completing the path being typed.
    static func lastWord(in text: String) -> (typed: Substring, meant: LocalPath)? {
        guard let last = words(in: text).last, last.end == text.endIndex else { return nil }
        return (text[last.start...], last.path)
    }

    /// One word of the line: the path it means, and where it was typed.
    struct Word {
        var path: LocalPath
        var start: String.Index
        var end: String.Index
    }

    /// Splits `text` as a shell splits words: unquoted spaces separate, `\` escapes the next
    /// character (and `\xNN` is a byte), and '…' or "…" keep spaces; an unclosed quote runs to the end.
    static func words(in text: String) -> [Word] {
        let scalars = text.unicodeScalars
        var words: [Word] = []
        var current: Word?
        var quote: Unicode.Scalar?
        var escaping = false
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            var next = scalars.index(after: index)
            if current == nil, scalar == " ", quote == nil, !escaping {
                index = next
                continue
            }
            if current == nil { current = Word(path: "", start: index, end: index) }
            if escaping {
                if scalar == "x", let byte = hexByte(in: scalars, at: next) {
                    current?.path.bytes.append(byte)
                    next = scalars.index(next, offsetBy: 2)
                } else {
                    current?.path.bytes += String(scalar).utf8
                }
                escaping = false
            } else if scalar == "\\", quote != "'" {
                escaping = true
            } else if let open = quote, scalar == open {
                quote = nil
            } else if quote == nil, scalar == "'" || scalar == "\"" {
                quote = scalar
            } else if quote == nil, scalar == " " {
                if let word = current { words.append(word) }
                current = nil
                index = next
                continue
            } else {
                current?.path.bytes += String(scalar).utf8
            }
            current?.end = next
            index = next
        }
        if let word = current { words.append(word) }
        return words
    }

    /// The byte two hex digits at `index` spell, or nil when there are not two there.
    private static func hexByte(in scalars: String.UnicodeScalarView, at index: String.Index) -> UInt8? {
        guard index < scalars.endIndex else { return nil }
        let second = scalars.index(after: index)
        guard second < scalars.endIndex, let high = hexDigitValue(scalars[index]), let low = hexDigitValue(scalars[second]) else { return nil }
        return high << 4 | low
    }

    private static func hexDigitValue(_ scalar: Unicode.Scalar) -> UInt8? {
        UInt8(exactly: scalar.value)?.hexDigitValue
    }
}
