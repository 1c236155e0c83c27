/// One way to run the program, written once: its usage line, what it does, and what it
/// starts as before options fill it in (which also gives its name).
struct CommandSpec: Sendable {
    /// The usage line after the program's name.
    let usage: String
    /// What it does, for `--help`; nil for the browser, which the usage says enough about.
    let summary: String?
    let start: LaunchOptions.Command

    var name: LaunchOptions.CommandName { start.name }
}

extension LaunchOptions {
    static let commandSpecs = [
        CommandSpec(usage: "[BACKEND] [--profile NAME] [--course ID]", summary: nil, start: .browse),
        CommandSpec(usage: "upload [BACKEND] --course ID FILE…", summary: "Queue files for upload to a course's Files and exit.", start: .upload(files: [])),
        CommandSpec(
            usage: "submit [BACKEND] --course ID --assignment ID FILE…",
            summary: "Queue files as one submission to an assignment and exit; it is handed in exactly once.",
            start: .submit(files: [])
        ),
        CommandSpec(usage: "queue [BACKEND] [--json] [--clear-done]", summary: "List the upload queue.", start: .queue(json: false)),
        CommandSpec(
            usage: "drain [BACKEND] [--timeout SECONDS]",
            summary: "Upload until nothing is queued or waiting; exit 0 when every job is done, 1 otherwise.",
            start: .drain(timeoutSeconds: nil)
        ),
        CommandSpec(
            usage: "due [BACKEND] [--offline] [--json] [--days N]",
            summary: "Print what is due as the Due pane lists it, missing work first, then day by day up to N days ahead (default 28).",
            start: .due()
        ),
        CommandSpec(
            usage: "calendar [BACKEND] [--offline] [--days N]",
            summary: "Print what is due as an iCalendar file (RFC 5545), for a calendar app to import or subscribe to.",
            start: .calendar()
        ),
        CommandSpec(
            usage: "sync [BACKEND] --course ID [DIR] [--json]",
            summary: "Download a course's files into DIR (default: the download directory's coursebrowser/CODE), "
                + "only those new or changed since the last sync; never deletes a file. Exit 0 when every file that can be downloaded is there.",
            start: .sync()
        ),
        CommandSpec(
            usage: "status [BACKEND] [--json]",
            summary: "Say which site (Canvas or Moodle) and user the token is for, where the token comes from, whether the site accepts it now, "
                + "the upload queue's counts and Canvas's last rate budget; exit 0 when the token works, 1 otherwise.",
            start: .status()
        ),
        CommandSpec(
            usage: "login [URL | --moodle URL] [--profile NAME]",
            summary: "Check a Canvas URL and an access token, or log in to a Moodle site (--moodle URL), and save the login, "
                + "so a plain start opens that site.",
            start: .login(url: nil)
        ),
        CommandSpec(usage: "logout [--profile NAME]", summary: "Forget the saved login.", start: .logout),
        CommandSpec(usage: "completions bash|zsh|fish", summary: "Print the shell's completion script.", start: .completions(.bash)),
        CommandSpec(usage: "man-page", summary: "Print the manual page (roff), which the install script puts in place.", start: .manPage),
    ]

    /// The command a first argument names; the browser has no name to give.
    static func command(named name: String) -> CommandSpec? {
        commandSpecs.first { $0.name != .browse && $0.name.rawValue == name }
    }
}
