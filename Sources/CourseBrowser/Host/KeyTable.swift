import TerminalUI

/// Every key the browser answers to, written once: the help overlay and `--help` list these
/// rows, README's key table repeats them (a test holds it to that), and the hint line
/// shows their short forms.
public enum KeyTable {
    /// One row: the keys, what they do, and the short form for the hint line if it has one.
    public struct Row: Equatable, Sendable {
        /// Alternatives, each a group of keys: `[["↑", "↓"], ["j", "k"]]` is ↑ ↓ or j k.
        public let keys: [[String]]
        public let does: String
        /// The hint line's short form.
        let hint: KeyHint?

        /// The keys as the help screens show them: groups two spaces apart.
        public var label: String {
            keys.map { $0.joined(separator: " ") }.joined(separator: "  ")
        }
    }

    static let move = Row(keys: [["↑", "↓"], ["j", "k"]], does: "move in a list, scroll the course", hint: KeyHint(key: "↑↓", action: "move"))
    static let page = Row(keys: [["PgUp", "PgDn"]], does: "move a page", hint: nil)
    static let ends = Row(keys: [["Home", "End"], ["g", "G"]], does: "first, last", hint: nil)
    static let open = Row(keys: [["Enter"]], does: "open the selected course", hint: KeyHint(key: "Enter", action: "open"))
    static let view = Row(keys: [["v"]], does: "in Courses: the next view, Current → Favorites → All", hint: KeyHint(key: "v", action: "view"))
    static let find = Row(
        keys: [["/"]], does: "in Courses: find a course by name, code or term as you type (Enter keeps it, Esc clears it)",
        hint: KeyHint(key: "/", action: "find")
    )
    static let focus = Row(keys: [["Tab", "Shift-Tab"]], does: "next, previous pane", hint: KeyHint(key: "Tab", action: "focus"))
    static let retry = Row(
        keys: [["r"]], does: "retry what failed in the focused pane (in Uploads: the selected job)", hint: KeyHint(key: "r", action: "retry")
    )
    static let upload = Row(
        keys: [["u"]], does: "in a course: upload files to its Files (spaces separate them, Tab completes, Esc cancels)",
        hint: KeyHint(key: "u", action: "upload")
    )
    static let submit = Row(
        keys: [["s"]], does: "in a course: hand files in to an assignment (type to find it, Enter picks, then the files)",
        hint: KeyHint(key: "s", action: "submit")
    )
    static let item = Row(
        keys: [["n", "p"]], does: "in a course: select the next, previous assignment or module item (Esc: none)", hint: KeyHint(key: "n/p", action: "item")
    )
    static let openWeb = Row(
        keys: [["o"]], does: "open the selected course, assignment or item in the web browser ($BROWSER, else xdg-open)",
        hint: KeyHint(key: "o", action: "browser")
    )
    static let copyAddress = Row(keys: [["y"]], does: "copy its web address to the clipboard (through the terminal)", hint: nil)
    static let retryAll = Row(keys: [["R"]], does: "in Uploads: retry every failed upload", hint: KeyHint(key: "R", action: "retry all"))
    static let remove = Row(
        keys: [["d"]], does: "in Uploads: remove the selected queued or failed upload (asks first)", hint: KeyHint(key: "d", action: "remove")
    )
    static let help = Row(keys: [["?"]], does: "this help; Esc or ? closes it", hint: KeyHint(key: "?", action: "help"))
    static let suspend = Row(keys: [["Ctrl-Z"]], does: "suspend; fg brings it back", hint: nil)
    static let quit = Row(keys: [["q"], ["Ctrl-C"]], does: "quit", hint: KeyHint(key: "q", action: "quit"))

    /// Every row, in the order the help lists them.
    public static let rows = [
        move, page, ends, open, view, find, focus, retry, item, openWeb, copyAddress, upload, submit, retryAll, remove, help, suspend, quit,
    ]

    /// The upload prompt's own keys, while it takes every other key as text.
    static let promptHints = [
        KeyHint(key: "Tab", action: "complete"), KeyHint(key: "Enter", action: "queue"), KeyHint(key: "Esc", action: "cancel"),
    ]
    /// The course filter's own keys, while it takes every other key as text.
    static let filterHints = [
        KeyHint(key: "↑↓", action: "move"), KeyHint(key: "Enter", action: "keep"), KeyHint(key: "Esc", action: "clear"),
    ]
    /// The assignment picker's own keys, while it takes every other key as text.
    static let pickerHints = [
        KeyHint(key: "↑↓", action: "choose"), KeyHint(key: "Enter", action: "pick"), KeyHint(key: "Esc", action: "cancel"),
    ]
    /// The answers to "remove this upload?".
    static let confirmHints = [KeyHint(key: "y", action: "remove"), KeyHint(key: "n", action: "keep")]
    /// The one way out while a prompt takes `q` as text.
    static let quitWhileTyping = KeyHint(key: "Ctrl-C", action: "quit")

    /// The `KEYS:` section of `--help`, wrapped to 79 columns like the rest of it.
    public static var helpSection: String {
        let width = (rows.map(\.label.displayWidth).max() ?? 0) + 2
        let indent = String(repeating: " ", count: 2 + width)
        let lines = rows.flatMap { row in
            row.does.wrapped(toWidth: 79 - indent.count).enumerated().map { index, text in
                (index == 0 ? "  " + row.label.padded(toWidth: width) : indent) + text
            }
        }
        return (["KEYS:"] + lines).joined(separator: "\n")
    }
}

extension KeyTable.Row {
    /// The short form for the hint line, saying `action` instead of its usual word.
    func hint(_ action: String) -> KeyHint? {
        hint.map { KeyHint(key: $0.key, action: action) }
    }
}
