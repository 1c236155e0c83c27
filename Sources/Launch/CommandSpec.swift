/// One way to run the program, written once: its usage line, what it does, and what it
/// starts as before options fill it in (which also gives its name).
struct CommandSpec: Sendable {
    /// The usage line after the program's name.
    let usage: String
    /// What it does, for `--help`; nil for the browser, which the usage says enough about.
    let summary: String?
    let start: LaunchOptions.Command
    /// Command lines that show it at work, each after a `#` comment saying what it does, for
    /// `COMMAND --help`'s EXAMPLES; a test parses every one.
    var examples: [(comment: String, arguments: String)] = []

    var name: LaunchOptions.CommandName { start.name }
}

extension LaunchOptions {
    static let commandSpecs = [
        CommandSpec(usage: "[BACKEND] [--profile NAME] [--course ID]", summary: nil, start: .browse),
        CommandSpec(
            usage: "upload [BACKEND] --course ID FILE…",
            summary: "Queue files for upload to a course's Files and exit.",
            start: .upload(files: []),
            examples: [
                ("two files to the course's Files", "upload --course 101 notes.pdf slides.pdf"),
            ]
        ),
        CommandSpec(
            usage: "submit [BACKEND] --course ID --assignment ID FILE…",
            summary: "Queue files as one submission to an assignment and exit; it is handed in exactly once.",
            start: .submit(files: []),
            examples: [
                ("hand an essay in; the assignment as due --json prints it", "submit --course 101 --assignment assignment:5703 essay.pdf"),
                ("or as the assignment's web address, which names the course too", "submit --assignment https://school.instructure.com/courses/101/assignments/5703 essay.pdf"),
            ]
        ),
        CommandSpec(
            usage: "queue [BACKEND] [--json] [--clear-done]",
            summary: "List the upload queue.",
            start: .queue(json: false),
            examples: [
                ("what is queued and how each job stands", "queue"),
                ("forget the jobs that are done", "queue --clear-done"),
            ]
        ),
        CommandSpec(
            usage: "drain [BACKEND] [--timeout SECONDS]",
            summary: "Upload until nothing is queued or waiting; exit 0 when every job is done, 1 otherwise.",
            start: .drain(timeoutSeconds: nil),
            examples: [
                ("send what is queued, giving up after ten minutes (for cron)", "drain --timeout 600"),
            ]
        ),
        CommandSpec(
            usage: "courses [BACKEND] [--offline] [--json] [--scope NAME]",
            summary: "Print your courses as the course list shows them: grouped by term, each with its code and current grade, "
                + "of the view the list last showed (else Current).",
            start: .courses(),
            examples: [
                ("every course, past ones too, for a script", "courses --scope all --json"),
                ("the courses you starred, from the saved copy", "courses --scope favorites --offline"),
            ]
        ),
        CommandSpec(
            usage: "course [BACKEND] [--offline] [--json] ID",
            summary: "Print a course as its pane shows it: the overview, each assignment with where your hand-in stands, "
                + "the announcements and the files. ID is the course's ID (as courses --json prints it) or its web address.",
            start: .course(),
            examples: [
                ("a course, for a script", "course 101 --json"),
                ("from the saved copy, without the network", "course 101 --offline"),
            ]
        ),
        CommandSpec(
            usage: "grades [BACKEND] [--offline] [--json] ID",
            summary: "Print how a course's total is made: the total, then each assignment group with its weight and grade, "
                + "and each assignment's score.",
            start: .grades(),
            examples: [
                ("a course's grades, for a script", "grades 101 --json"),
            ]
        ),
        CommandSpec(
            usage: "due [BACKEND] [--offline] [--json] [--days N]",
            summary: "Print what is due as the Due pane lists it, missing work first, then day by day up to N days ahead (default 28).",
            start: .due(),
            examples: [
                ("the coming week, for a script", "due --days 7 --json"),
                ("from the saved copy, without the network", "due --offline"),
            ]
        ),
        CommandSpec(
            usage: "calendar [BACKEND] [--offline] [--days N]",
            summary: "Print what is due as an iCalendar file (RFC 5545), for a calendar app to import or subscribe to.",
            start: .calendar(),
            examples: [
                ("a file a calendar app imports", "calendar > due.ics"),
            ]
        ),
        CommandSpec(
            usage: "sync [BACKEND] --course ID [DIR] [--json]",
            summary: "Download a course's files into DIR (default: the download directory's coursebrowser/CODE), "
                + "only those new or changed since the last sync; never deletes a file. Exit 0 when every file that can be downloaded is there.",
            start: .sync(),
            examples: [
                ("a course's files into a folder of your own", "sync --course 101 ~/courses/cs101"),
            ]
        ),
        CommandSpec(
            usage: "status [BACKEND] [--json]",
            summary: "Say which site (Canvas or Moodle) and user the token is for, where the token comes from, whether the site accepts it now, "
                + "the upload queue's counts and Canvas's last rate budget; exit 0 when the token works, 1 otherwise.",
            start: .status(),
            examples: [
                ("which site and user, and whether the token works", "status"),
            ]
        ),
        CommandSpec(
            usage: "mcp [BACKEND] [--offline]",
            summary: "Serve the Model Context Protocol on standard input and output, for an assistant to read your courses, "
                + "what's due, grades, announcements and files; it reads only, and hands nothing in.",
            start: .mcp,
            examples: [
                ("what an MCP client's configuration runs", "mcp"),
            ]
        ),
        CommandSpec(
            usage: "login [URL | --moodle URL] [--profile NAME]",
            summary: "Check a Canvas URL and an access token, or log in to a Moodle site (--moodle URL), and save the login, "
                + "so a plain start opens that site.",
            start: .login(url: nil),
            examples: [
                ("a Canvas: asks for an access token", "login https://school.instructure.com"),
                ("a Moodle site: asks for your username and password", "login --moodle https://moodle.school.edu"),
                ("a second login, chosen with --profile", "login https://other.instructure.com --profile work"),
            ]
        ),
        CommandSpec(
            usage: "logout [--profile NAME]",
            summary: "Forget the saved login.",
            start: .logout,
            examples: [
                ("forget the second login", "logout --profile work"),
            ]
        ),
        CommandSpec(
            usage: "completions bash|zsh|fish",
            summary: "Print the shell's completion script.",
            start: .completions(.bash),
            examples: [
                ("completion for bash", "completions bash > ~/.local/share/bash-completion/completions/coursebrowser"),
            ]
        ),
        CommandSpec(
            usage: "man-page",
            summary: "Print the manual page (roff), which the install script puts in place.",
            start: .manPage,
            examples: [
                ("the manual page where man finds it", "man-page > ~/.local/share/man/man1/coursebrowser.1"),
            ]
        ),
    ]

    /// The command a first argument names; the browser has no name to give.
    static func command(named name: String) -> CommandSpec? {
        commandSpecs.first { $0.name != .browse && $0.name.rawValue == name }
    }
}
