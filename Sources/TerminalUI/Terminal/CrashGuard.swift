import CNcurses

/// The terminal settings from before curses started, read by the fatal-signal handler.
///
/// A signal handler can't capture context, so this state must be global; it is
/// written once before the handlers are installed and only read afterwards.
nonisolated(unsafe) private var savedTermios = termios()

/// Puts the terminal back when the process dies of a fatal signal, so a crash never leaves it raw.
public enum CrashGuard {
    static let fatalSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP]

    /// Records the current terminal settings and installs the handlers. Call before curses starts.
    public static func install() {
        tcgetattr(STDIN_FILENO, &savedTermios)
        for signal in fatalSignals {
            cb_install_fatal_handler(signal, restoreAndDie)
        }
    }
}

/// Restores the terminal with async-signal-safe calls only, then dies of the same signal.
///
/// It sends what `endwin` sends, in its order, as terminfo spells it for xterm, tmux, screen and
/// VTE alike (capabilities in brackets), and turns off what the app itself turned on: plain text
/// in the ASCII character set [sgr0: `ESC ( B`, `ESC [ m`, `SI`]; focus and mouse reports off;
/// the cursor shown [cnorm]; the main screen back [rmcup]; a new line; the keypad back to sending
/// digits and the arrow keys to `ESC [ A` [rmkx: `ESC [ ? 1 l`, `ESC >`], or the shell reads
/// them wrong. Written as is rather than looked up: the terminal's description is curses'
/// state, which a crash may have damaged, and a terminal lacking one of these ignores it.
private func restoreAndDie(_ signal: Int32) {
    // A local literal: a global would be set up on first use, which a signal handler must not do.
    let reset: StaticString = "\u{1B}(B\u{1B}[m\u{0F}\u{1B}[?1004l\u{1B}[?1006l\u{1B}[?1000l\u{1B}[?25h\u{1B}[?1049l\r\n\u{1B}[?1l\u{1B}>"
    tcsetattr(STDIN_FILENO, TCSANOW, &savedTermios)
    _ = write(STDOUT_FILENO, reset.utf8Start, reset.utf8CodeUnitCount)
    raise(signal)
}
