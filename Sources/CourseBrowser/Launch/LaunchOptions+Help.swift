extension LaunchOptions {
    /// The text `--help` prints.
    public static let helpText = """
    coursebrowser — browse your courses from the terminal

    USAGE: coursebrowser [--course ID] [--catalog FILE] [--event-log FILE]

    OPTIONS:
      --course ID        Open this course at start (its Canvas ID).
      --catalog FILE     Read courses from a JSON catalog file instead of the
                         built-in sample catalog.
      --event-log FILE   Append usage events to FILE, one JSON object per line.
      --version          Print the version and exit.
      -h, --help         Print this help and exit.

    KEYS:
      ↑ ↓ / j k  move    PgUp PgDn  page    Home End / g G  first, last
      Enter  open        Tab Shift-Tab  switch pane       r  retry
      ?  help            Ctrl-Z  suspend    q / Ctrl-C  quit
    """

    /// The hint printed after a usage error.
    public static let usageHint = "Try 'coursebrowser --help' for usage."
}
