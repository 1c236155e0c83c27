import CourseKit

extension LaunchOptions {
    /// The text `--help` prints.
    public static let helpText = """
    coursebrowser — browse your courses from the terminal

    USAGE: coursebrowser [BACKEND] [--course ID] [--event-log FILE]
           coursebrowser upload [BACKEND] --course ID FILE…
           coursebrowser queue [BACKEND] [--json]
           coursebrowser drain [BACKEND] [--timeout SECONDS]

    BACKEND is the built-in sample catalog unless one of these is given:
      --canvas URL [--token-file PATH]   or   --catalog FILE

    COMMANDS:
      upload             Queue files for upload to a course and exit.
      queue              List the upload queue (--json for scripts).
      drain              Upload until nothing is queued or waiting; exit 0
                         when every job is done, 1 otherwise.

    OPTIONS:
      --canvas URL       Browse Canvas LMS at URL (or set CANVAS_URL), over https
                         (plain http only to this machine). The access token
                         comes from CANVAS_TOKEN or --token-file.
      --token-file PATH  Read the Canvas access token from PATH, which only you
                         may read (chmod 600).
      --catalog FILE     Read courses from a JSON catalog file instead of the
                         built-in sample catalog.
      --course ID        Open this course at start (its Canvas ID, or a form
                         like sis_course_id:ABC).
      --request-timeout SECONDS
                         Give up on a Canvas request after SECONDS (default 30).
      --data-dir DIR     Keep the upload queue in DIR (default
                         $XDG_DATA_HOME/coursebrowser or ~/.local/share/coursebrowser).
      --event-log FILE   Append usage events to FILE, one JSON object per line.
      --version          Print the version and exit.
      -h, --help         Print this help and exit.

    KEYS:
      ↑ ↓ / j k  move    PgUp PgDn  page    Home End / g G  first, last
      Enter  open        Tab Shift-Tab  switch pane       r  retry
      v  current, favorite or all courses
      ?  help            Ctrl-Z  suspend    q / Ctrl-C  quit
    """

    /// The hint printed after a usage error.
    public static let usageHint = "Try 'coursebrowser --help' for usage."
}
