extension LaunchOptions {
    /// The text `--help` prints.
    public static let helpText = """
    coursebrowser — browse your courses from the terminal

    USAGE: coursebrowser [--canvas URL [--token-file PATH] | --catalog FILE]
                         [--course ID] [--timeout SECONDS] [--event-log FILE]

    OPTIONS:
      --canvas URL       Browse Canvas LMS at URL (or set CANVAS_URL). The access
                         token comes from CANVAS_TOKEN or --token-file.
      --token-file PATH  Read the Canvas access token from PATH.
      --catalog FILE     Read courses from a JSON catalog file instead of the
                         built-in sample catalog.
      --course ID        Open this course at start (its Canvas ID, or a form
                         like sis_course_id:ABC).
      --timeout SECONDS  Give up on a Canvas request after SECONDS (default 30).
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
