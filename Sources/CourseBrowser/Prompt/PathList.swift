import FoundationEssentials
import TextBasics

/// The paths in a prompt's line, written as a shell reads them: separated by spaces, a space
/// inside a path escaped with `\` or the path quoted, as terminals paste dropped files.
enum PathList {
    /// The paths in `text`, in order. Text without quotes or backslashes that names an existing
    /// file as a whole is that one path, so `My essay.pdf` typed plainly still works.
    static func split(_ text: String, home: String, fileManager: FileManager = .default) -> [String] {
        let trimmed = text.trimming(.whitespaces)
        if !trimmed.contains(where: { "\\'\"".contains($0) }), trimmed.contains(" "),
           isFile(PathCompletion.expand(trimmed, home: home), fileManager) {
            return [trimmed]
        }
        return words(in: text).map(\.text)
    }

    /// `path` as one word of the line: spaces, quotes and backslashes escaped with `\`.
    static func escaped(_ path: String) -> String {
        var result = ""
        for character in path {
            if character == " " || character == "\\" || character == "'" || character == "\"" {
                result.append("\\")
            }
            result.append(character)
        }
        return result
    }

    /// The last word of `text` as typed (escapes and quotes still in it) and as meant, or
    /// nil when `text` ends between words; for completing the path being typed.
    static func lastWord(in text: String) -> (typed: Substring, meant: String)? {
        guard let last = words(in: text).last, last.end == text.endIndex else { return nil }
        return (text[last.start...], last.text)
    }

    /// One word of the line: what it means, and where it was typed.
    struct Word {
        var text: String
        var start: String.Index
        var end: String.Index
    }

    /// Splits `text` as a shell splits words: unquoted spaces separate, `\` escapes the next
    /// character, and '…' or "…" keep spaces; an unclosed quote runs to the end.
    static func words(in text: String) -> [Word] {
        var words: [Word] = []
        var current: Word?
        var quote: Character?
        var escaping = false
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            if current == nil, character == " ", quote == nil, !escaping {
                index = next
                continue
            }
            if current == nil { current = Word(text: "", start: index, end: index) }
            if escaping {
                current?.text.append(character)
                escaping = false
            } else if character == "\\", quote != "'" {
                escaping = true
            } else if let open = quote, character == open {
                quote = nil
            } else if quote == nil, character == "'" || character == "\"" {
                quote = character
            } else if quote == nil, character == " " {
                if let word = current { words.append(word) }
                current = nil
                index = next
                continue
            } else {
                current?.text.append(character)
            }
            current?.end = next
            index = next
        }
        if let word = current { words.append(word) }
        return words
    }

    private static func isFile(_ path: String, _ fileManager: FileManager) -> Bool {
        var isDirectory = false
        return fileManager.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory
    }
}
