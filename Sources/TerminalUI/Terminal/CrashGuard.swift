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
private func restoreAndDie(_ signal: Int32) {
    // Focus and mouse reports off, the main screen back, plain text, the cursor shown.
    let reset: StaticString = "\u{1B}[?1004l\u{1B}[?1006l\u{1B}[?1000l\u{1B}[?1049l\u{1B}[0m\u{1B}[?25h\r\n"
    tcsetattr(STDIN_FILENO, TCSANOW, &savedTermios)
    _ = write(STDOUT_FILENO, reset.utf8Start, reset.utf8CodeUnitCount)
    raise(signal)
}
