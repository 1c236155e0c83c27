/// Lends the terminal to another program (the student's editor) and takes it back after.
///
/// Made once at the root and given both to the event loop, which fills in how the screen is
/// handed over, and to whatever starts the program; until a loop runs, the program simply runs.
@MainActor
public final class TerminalHandover {
    /// Runs its argument with the terminal handed back to the shell as it was, then takes it
    /// back and repaints; set by the event loop.
    var lend: (() -> Void) -> Void = { body in body() }

    nonisolated public init() {}

    /// Runs `body` (which starts a program on the terminal and waits for it) while the app has
    /// given the terminal up, and returns what it returned.
    public func run<Result>(_ body: () -> Result) -> Result {
        var result: Result?
        lend { result = body() }
        guard let result else { return body() }
        return result
    }
}
