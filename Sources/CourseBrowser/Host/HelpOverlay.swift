import TerminalUI

/// The `?` screen, drawn over the panes until `Esc` or `?` closes it: the focused pane's keys
/// first, then the other panes', then the shell's, each under its heading, keys that do
/// nothing now dimmed. It scrolls, so every key can be read in any window.
struct HelpOverlay: Equatable {
    /// What the overlay's keys do.
    enum Action: Equatable {
        case line, page, ends, close, quit
    }

    /// The overlay's keys, while it is open.
    static let bindings: [Binding<Action>] = [
        .step(does: "scroll the help", hint: "scroll", action: .line),
        Binding([[.pageUp, .pageDown], [.character(" ")]], does: "scroll a page (Space: down)", hint: "page", hintKey: "Space", action: .page),
        .ends(does: "the top, the end", action: .ends),
        Binding([[.escape], [.character("?")]], does: "close the help", hint: "close", action: .close),
        Binding([[.character("q")], [.control("c")]], does: "quit", hint: "quit", action: .quit),
    ]

    /// Whether the hint line always keeps the hint of `action`, at its end: the ways out are.
    static func isWayOut(_ action: Action) -> Bool {
        action == .close || action == .quit
    }

    /// A heading and its keys, as the overlay lists them.
    struct Group: Equatable {
        var title: String
        var items: [KeyItem]
    }

    /// One line of the overlay: a heading, or a row's keys (on its first line only) and some of what they do.
    struct Line: Equatable {
        enum Kind: Equatable {
            case heading, enabled, disabled
        }

        var label: String
        var text: String
        var kind: Kind
    }

    /// Where the overlay goes, and its columns.
    struct Frame: Equatable {
        var box: Rect
        var keyWidth: Int
        var textWidth: Int
        /// Lines shown at once, inside the border.
        var room: Int
    }

    /// The first line on screen.
    private(set) var scroll = 0

    /// Every line for `groups` with text `textWidth` wide: a heading, then each row wrapped, a
    /// blank line between groups; a key that does nothing now says why after what it does.
    static func lines(_ groups: [Group], textWidth: Int) -> [Line] {
        groups.enumerated().flatMap { index, group in
            let gap = index == 0 ? [] : [Line(label: "", text: "", kind: .heading)]
            return gap + [Line(label: "", text: group.title, kind: .heading)] + group.items.flatMap { item in
                let kind: Line.Kind = item.availability.isEnabled ? .enabled : .disabled
                let text = item.availability.refusal.map { "\(item.row.does) (not now: \($0.text))" } ?? item.row.does
                return text.wrapped(toWidth: textWidth).enumerated().map {
                    Line(label: $0.offset == 0 ? item.row.label : "", text: $0.element, kind: kind)
                }
            }
        }
    }

    /// The overlay's box in `area`: as wide as 78 columns allow, as tall as its lines or the area.
    static func frame(in area: Rect, groups: [Group]) -> (frame: Frame, lines: [Line]) {
        let keyWidth = (groups.flatMap(\.items).map(\.row.label.displayWidth).max() ?? 0) + 2
        let width = max(0, min(area.width - 2, 78))
        let textWidth = max(1, width - keyWidth - 4)
        let lines = lines(groups, textWidth: textWidth)
        let height = max(3, min(area.height - 2, lines.count + 2))
        let box = Rect(x: area.x + (area.width - width) / 2, y: area.y + (area.height - height) / 2, width: width, height: height)
        return (Frame(box: box, keyWidth: keyWidth, textWidth: textWidth, room: height - 2), lines)
    }

    /// Scrolls as `key` of `action` asks, within `count` lines of which `room` show.
    mutating func scroll(_ action: Action, key: Key, count: Int, room: Int) {
        let last = max(0, count - room)
        // The window may have grown since the last key, so step from the line shown, not the one stored.
        scroll = min(scroll, last)
        switch action {
        case .line: scroll += key == .up || key == .character("k") ? -1 : 1
        case .page: scroll += key == .pageUp ? -max(1, room) : max(1, room)
        case .ends: scroll = key == .home || key == .character("g") ? 0 : last
        case .close, .quit: break
        }
        scroll = max(0, min(scroll, last))
    }

    /// Draws the overlay over `area`, listing `groups` from the line scrolled to (as far as
    /// the room allows), and where that is in the border when not every line shows; `footer`
    /// (Canvas's last rate budget) goes at the start of the bottom border.
    func draw(into grid: inout Grid, in area: Rect, groups: [Group], footer: String? = nil) {
        let (frame, lines) = Self.frame(in: area, groups: groups)
        let box = frame.box
        grid.clear(box)
        grid.box(box, title: "Keys", focused: true, style: Style(bold: true, role: .accent))
        let first = max(0, min(scroll, lines.count - frame.room))
        for (row, line) in lines.dropFirst(first).prefix(frame.room).enumerated() {
            let y = box.y + 1 + row
            if line.kind == .heading {
                grid.put(line.text, x: box.x + 2, y: y, maxWidth: box.width - 4, style: Style(bold: true, role: .accent))
                continue
            }
            let dimmed = line.kind == .disabled
            grid.put(line.label, x: box.x + 2, y: y, maxWidth: frame.keyWidth, style: dimmed ? .muted : .bold)
            grid.put(line.text, x: box.x + 2 + frame.keyWidth, y: y, maxWidth: frame.textWidth, style: dimmed ? .muted : .plain)
        }
        if lines.count > frame.room {
            let position = " \(first + 1)–\(min(first + frame.room, lines.count)) of \(lines.count) "
            grid.put(position, x: box.maxX - position.displayWidth - 2, y: box.maxY - 1, style: .muted)
        }
        if let footer {
            // Left of the scroll position, which keeps its place at the right when both don't fit.
            let room = box.width - 4 - (lines.count > frame.room ? 18 : 0)
            grid.put(" \(footer) ", x: box.x + 2, y: box.maxY - 1, maxWidth: max(0, room), style: .muted)
        }
    }
}
