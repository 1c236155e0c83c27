import TerminalUI

/// The `?` screen, drawn over the panes until `Esc` or `?` closes it: the focused pane's keys
/// first, then the other panes', then the shell's, each under its heading, keys that do
/// nothing now dimmed with why. One key is selected, and Enter does what it does, as in its
/// pane; `/` keeps only the keys whose names or words hold what is typed.
struct HelpOverlay: Equatable {
    /// What the overlay's keys do.
    enum Action: Equatable {
        case move, page, ends, find, run, close, quit
    }

    /// What the keys do while a search is typed, every other key being its text.
    enum FindAction: Equatable {
        case keep, clear
    }

    /// The overlay's keys, while it is open.
    static let bindings: [Binding<Action>] = [
        .step(does: "select the next, previous key", hint: "move", action: .move),
        Binding([[.pageUp, .pageDown], [.character(" ")]], does: "a page up, down (Space: down)", hint: "page", hintKey: "Space", action: .page),
        .ends(does: "the first key, the last", action: .ends),
        Binding([[.character("/")]], does: "find keys by their names or what they do", hint: "find", action: .find),
        Binding([[.enter]], does: "do what the selected key does, in its pane", hint: "run", action: .run),
        Binding([[.escape], [.character("?")]], does: "close the help (Esc clears a search first)", hint: "close", action: .close),
        Binding([[.character("q")], [.control("c")]], does: "quit", hint: "quit", action: .quit),
    ]

    /// The keys while a search is typed.
    static let findBindings: [Binding<FindAction>] = [
        Binding([[.enter]], does: "keep the keys found", hint: "keep", action: .keep),
        Binding([[.escape]], does: "clear the search", hint: "clear", action: .clear),
    ]

    /// Whether the hint line always keeps the hint of `action`, at its end: the ways out are.
    static func isWayOut(_ action: Action) -> Bool {
        action == .close || action == .quit
    }

    /// Who does what a group's keys do when the help runs one.
    enum Runner: Equatable {
        case pane(AppShell.PaneID)
        case shell
    }

    /// A heading and its keys, as the overlay lists them.
    struct Group: Equatable {
        var title: String
        var items: [KeyItem]
        /// Who runs its keys; nil for keys that work only inside a prompt.
        var runner: Runner? = nil
    }

    /// One line of the overlay: a heading, or a row's keys (on its first line only) and some of what they do.
    struct Line: Equatable {
        enum Kind: Equatable {
            case heading, enabled, disabled
        }

        var label: String
        var text: String
        var kind: Kind
        /// Which key of the list the line belongs to, counted across the groups; nil for a heading.
        var item: Int? = nil
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
    /// The selected key, counted across the groups shown.
    private(set) var selected = 0
    /// What the keys shown must hold; empty shows them all.
    private(set) var query = ""
    /// Whether keys pressed are typed into the search.
    private(set) var isFinding = false
    /// Why the last Enter did nothing, until the next key.
    private(set) var note: String?

    /// Every line for `groups` with text `textWidth` wide: a heading, then each row wrapped, a
    /// blank line between groups; a key that does nothing now says why after what it does.
    static func lines(_ groups: [Group], textWidth: Int) -> [Line] {
        var item = 0
        return groups.enumerated().flatMap { index, group in
            let gap = index == 0 ? [] : [Line(label: "", text: "", kind: .heading)]
            return gap + [Line(label: "", text: group.title, kind: .heading)] + group.items.flatMap { entry in
                let kind: Line.Kind = entry.availability.isEnabled ? .enabled : .disabled
                let text = entry.availability.refusal.map { "\(entry.row.does) (not now: \($0.text))" } ?? entry.row.does
                defer { item += 1 }
                return text.wrapped(toWidth: textWidth).enumerated().map {
                    Line(label: $0.offset == 0 ? entry.row.label : "", text: $0.element, kind: kind, item: item)
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

    /// The groups with only the keys whose names, words or heading hold every word of the search.
    func shown(_ groups: [Group]) -> [Group] {
        let words = SearchText.words(query)
        guard !words.isEmpty else { return groups }
        return groups.compactMap { group in
            var kept = group
            kept.items = group.items.filter { item in
                let text = SearchText.folded([group.title, item.row.label, item.row.does].joined(separator: " "))
                return words.allSatisfy(text.contains)
            }
            return kept.items.isEmpty ? nil : kept
        }
    }

    /// The selected key of `groups` (as shown) and its group's runner.
    func selectedItem(in groups: [Group]) -> (item: KeyItem, runner: Runner?)? {
        var index = selected
        for group in groups {
            if index < group.items.count { return (group.items[index], group.runner) }
            index -= group.items.count
        }
        return nil
    }
}

extension HelpOverlay {
    /// Moves the selection as `key` of `action` asks among `lines` of which `room` show, and
    /// scrolls so that all of the selected key's lines show.
    mutating func move(_ action: Action, key: Key, lines: [Line], room: Int) {
        note = nil
        // Keys are counted in order, so the last line's key tells how many there are.
        let count = (lines.last { $0.item != nil }?.item).map { $0 + 1 } ?? 0
        guard count > 0 else { return }
        switch action {
        case .move: selected += key == .up || key == .character("k") ? -1 : 1
        case .page:
            let step = max(1, Set(lines.dropFirst(scroll).prefix(room).compactMap(\.item)).count)
            selected += key == .pageUp ? -step : step
        case .ends: selected = key == .home || key == .character("g") ? 0 : count - 1
        case .find, .run, .close, .quit: break
        }
        selected = max(0, min(selected, count - 1))
        scroll = firstLine(of: lines, room: room)
    }

    /// The first line to show of `lines` in `room`: the one scrolled to, moved the least that
    /// shows the selected key whole, as a window resized since the last key needs.
    func firstLine(of lines: [Line], room: Int) -> Int {
        var first = min(scroll, max(0, lines.count - room))
        let mine = lines.indices.filter { lines[$0].item == selected }
        guard let top = mine.first, let last = mine.last else { return first }
        // A heading, and the gap before it, go with the first key under it.
        var above = top
        while above > 0, lines[above - 1].item == nil { above -= 1 }
        if above < first { first = above }
        if last >= first + room { first = last - room + 1 }
        return max(0, min(first, max(0, lines.count - room)))
    }

    /// Starts typing a search, which keeps the one there was.
    mutating func startFinding() {
        isFinding = true
        note = nil
    }

    /// Takes `key` while a search is typed: its text, Backspace, or a key of `findBindings`.
    mutating func find(_ key: Key) {
        note = nil
        switch key {
        case .enter: isFinding = false
        case .escape: clearSearch()
        case .backspace: query = String(query.dropLast())
        case let .character(character) where !character.isNewline: query.append(character)
        default: return
        }
        selected = 0
        scroll = 0
    }

    /// Shows every key again.
    mutating func clearSearch() {
        query = ""
        isFinding = false
        selected = 0
        scroll = 0
    }

    /// Says why Enter did nothing: the selected key works only where it is listed.
    mutating func cannotRun(_ why: String) {
        note = why
    }
}
