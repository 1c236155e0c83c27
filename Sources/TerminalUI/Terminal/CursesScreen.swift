import CNcurses

/// The real terminal: starts and ends curses and flushes a `Grid` to it.
///
/// The only type that draws with curses; call it from the main queue only,
/// because curses keeps global state and is not thread-safe.
@MainActor
public final class CursesScreen {
    public private(set) var glyphs: Glyphs = .unicode
    public private(set) var width = 80
    public private(set) var height = 24
    var usesColor = false
    private var shown: Grid?
    /// Whether the terminal is sent hyperlinks (OSC 8); the Linux console and dumb terminals are not.
    private var showsLinks = false
    /// Whether the terminal is asked for mouse reports.
    private var reportsMouse = false
    /// The start of a mouse report whose end has not arrived yet, kept for the next read.
    var unfinishedReport: [Key] = []

    public init() {}

    /// Takes over the terminal: raw keys, no echo, hidden cursor, alternate screen; with
    /// `mouse`, clicks and the wheel are reported too.
    public func start(environment: [String: String], mouse: Bool = true) {
        // Only the character set matters to curses; dates and numbers are formatted by the
        // app, so the other categories' files are not loaded.
        setlocale(LC_CTYPE, "")
        glyphs = cb_codeset_is_utf8() != 0 ? .unicode : .ascii
        _ = initscr()
        // Until the screen has been ended and refreshed once, curses sends what it holds at
        // every cursor movement (its screen is "initial" then, as for a program that only
        // moves the cursor), so a frame went out as dozens of writes of a few bytes, each a
        // system call and a wakeup of the terminal, or a packet over ssh. Ended and refreshed
        // before anything is drawn, it sends a frame in one write.
        endwin()
        refresh()
        raw()
        noecho()
        nonl()
        keypad(cb_stdscr(), true)
        // Terminals whose description has a mouse key (xterm's is `ESC [ <`) would have curses
        // eat the start of every report; the app reads reports itself.
        _ = keyok(cb_key_mouse(), false)
        nodelay(cb_stdscr(), true)
        set_escdelay(25)
        curs_set(0)
        setUpColors(noColor: !(environment["NO_COLOR"] ?? "").isEmpty)
        reportsMouse = mouse
        showsLinks = !["linux", "dumb", ""].contains(environment["TERM"] ?? "")
        refreshSize()
        reportFocus(true)
    }

    /// Asks the terminal to report focus changes, and with `reportsMouse` clicks and the wheel
    /// (button events, 1000, in SGR form, 1006); terminals that can't simply ignore it.
    private func reportFocus(_ on: Bool) {
        let mouse = reportsMouse ? (on ? "\u{1B}[?1000h\u{1B}[?1006h" : "\u{1B}[?1006l\u{1B}[?1000l") : ""
        let sequence = (on ? "\u{1B}[?1004h" : "\u{1B}[?1004l") + mouse
        sequence.utf8CString.withUnsafeBufferPointer { bytes in
            _ = write(STDOUT_FILENO, bytes.baseAddress, bytes.count - 1)
        }
    }

    /// Gives the terminal back to the shell as it was.
    public func stop() {
        reportFocus(false)
        curs_set(1)
        endwin()
        shown = nil
    }

    /// Reads the window size from the terminal and tells curses about it.
    public func refreshSize() {
        var rows: Int32 = 0
        var cols: Int32 = 0
        if cb_terminal_size(&rows, &cols) == 0 {
            if rows != getmaxy(cb_stdscr()) || cols != getmaxx(cb_stdscr()) {
                resizeterm(rows, cols)
            }
            height = Int(rows)
            width = Int(cols)
        } else {
            height = Int(getmaxy(cb_stdscr()))
            width = Int(getmaxx(cb_stdscr()))
        }
        shown = nil
    }

    /// Takes the terminal back after a suspend and repaints everything on the next flush.
    public func resume() {
        refresh()
        reportFocus(true)
        refreshSize()
        invalidate()
    }

    /// Forces the next flush to repaint everything, as after a resume.
    public func invalidate() {
        shown = nil
        clearok(cb_stdscr(), true)
    }

    /// Draws the cells that changed since the last flush and updates the terminal.
    public func flush(_ grid: Grid) {
        let previous = shown.flatMap { $0.width == grid.width && $0.height == grid.height ? $0 : nil }
        if previous == nil {
            erase()
        }
        for y in 0..<grid.height {
            // A key usually changes a row or two: the others are passed over whole.
            if let previous, grid.rowMatches(y, in: previous) { continue }
            for x in 0..<grid.width {
                guard !grid.isContinuation(x: x, y: y) else { continue }
                if let previous {
                    if grid.cellMatches(x: x, y: y, in: previous) { continue }
                } else if grid.isBlank(x: x, y: y) {
                    // Cleared, the screen holds plain spaces already: most of a first frame.
                    continue
                }
                draw(grid[x, y], x: x, y: y)
            }
        }
        refresh()
        if showsLinks, !grid.links.isEmpty, previous.map({ Self.linksNeedDrawing(grid, over: $0) }) ?? true {
            drawLinks(grid)
        }
        shown = grid
    }

    /// Whether the links must be written again: they changed, or curses redrew cells under them.
    private static func linksNeedDrawing(_ grid: Grid, over previous: Grid) -> Bool {
        if grid.links != previous.links { return true }
        return grid.links.contains { link in
            (link.x..<link.x + link.width).contains { grid[$0, link.y] != previous[$0, link.y] }
        }
    }

    /// Writes each link's cells again inside an OSC 8 hyperlink, after curses drew them plain.
    ///
    /// The cursor and its attributes are saved and restored around it (DECSC/DECRC), so curses'
    /// idea of the terminal stays true; the same characters land in the same cells.
    private func drawLinks(_ grid: Grid) {
        var output = "\u{1B}7"
        for link in grid.links {
            let text = (link.x..<link.x + link.width).map { grid[$0, link.y].text }.joined()
            // Underlined, as the app draws every address it links.
            output += "\u{1B}[\(link.y + 1);\(link.x + 1)H\u{1B}[0;4m\u{1B}]8;;\(link.url)\u{1B}\\" + text + "\u{1B}]8;;\u{1B}\\"
        }
        output += "\u{1B}8"
        output.utf8CString.withUnsafeBufferPointer { bytes in
            _ = write(STDOUT_FILENO, bytes.baseAddress, bytes.count - 1)
        }
    }

    /// A base scalar and four marks, as many as `setcchar` takes.
    nonisolated static let mostCurseCharacters = 5

    private func draw(_ cell: Cell, x: Int, y: Int) {
        // On the stack: a first frame draws thousands of cells, each an allocation or two before.
        withUnsafeTemporaryAllocation(of: wchar_t.self, capacity: Self.mostCurseCharacters + 1) { characters in
            guard let start = characters.baseAddress else { return }
            Self.curseCharacters(for: cell.text, into: characters)
            _ = cb_put_cluster(Int32(y), Int32(x), start, attributes(for: cell.style), colorPair(for: cell.style))
        }
    }

    /// The base scalar and at most four combining marks, zero-terminated, as `setcchar` accepts them.
    ///
    /// Extra spacing scalars of a ZWJ sequence are dropped: curses would give each its own cell.
    ///
    /// Written into `buffer`, which has room for ``mostCurseCharacters`` and the zero; answers
    /// how many it wrote before the zero.
    @discardableResult
    nonisolated static func curseCharacters(for text: String, into buffer: UnsafeMutableBufferPointer<wchar_t>) -> Int {
        var count = 0
        for scalar in text.unicodeScalars where count < mostCurseCharacters {
            if count == 0 || (Character(scalar).displayWidth == 0 && scalar != "\u{200D}") {
                buffer[count] = wchar_t(bitPattern: scalar.value)
                count += 1
            }
        }
        if count == 0 {
            buffer[0] = wchar_t(bitPattern: UInt32(0x20))
            count = 1
        }
        buffer[count] = 0
        return count
    }
}
