import CourseBrowser

/// `coursebrowser.1`, written from the same command and option tables as `--help`.
public enum ManPage {
    /// The page in roff, with `keys` as its KEYS section, a subsection for each pane's and one for the keys that work everywhere.
    public static func text(keys: [KeyTable.Group]) -> String {
        var page = [
            #".TH COURSEBROWSER 1 "" "coursebrowser \#(LaunchOptions.version)" "User Commands""#,
            ".SH NAME",
            #"coursebrowser \- browse your courses from the terminal"#,
            ".SH SYNOPSIS",
        ]
        for command in LaunchOptions.commandSpecs {
            page += [".br", ".B coursebrowser", escape(command.usage)]
        }
        page += description
        page += [".SH COMMANDS"]
        for command in LaunchOptions.commandSpecs {
            guard let summary = command.summary else { continue }
            page += [".TP", ".B \(escape(command.name.rawValue))", escape(summary)]
        }
        page += [".SH OPTIONS"]
        for spec in LaunchOptions.optionSpecs {
            page += [".TP", label(spec), escape(spec.fullHelp)]
        }
        page += [".SH KEYS"]
        for group in keys {
            page += [".SS \(escape(group.title))"]
            for row in group.rows {
                page += [".TP", ".B \(escape(row.label))", escape(row.does)]
            }
        }
        page += exitStatus + environment + files
        return page.joined(separator: "\n") + "\n"
    }

    /// `.BR \-\-course " " \fIID\fR`: names in bold, the value in italics.
    private static func label(_ spec: OptionSpec) -> String {
        let names = spec.names.map { #"\fB"# + escape($0) + #"\fR"# }.joined(separator: ", ")
        return names + (spec.value.map { #" \fI"# + escape($0) + #"\fR"# } ?? "")
    }

    private static let description = [
        ".SH DESCRIPTION",
        "Shows four panes side by side: Courses, your courses with their grades; Due, what is due across them,",
        "missing work first; Course, one course's assignments with grades and feedback, how its grade is made,",
        "its announcements, discussions, files, syllabus and modules; and Queue, what you hand in, upload,",
        "download, mark done or post, on its way.",
        "Each pane loads on its own and shows its own errors, with [r]etry; what was seen is shown from a saved copy",
        "at once and refreshed. The queue is kept on disk and sent when the network is back,",
        "and nothing in it is ever sent twice.",
        ".PP",
        "Courses come from Canvas LMS or Moodle once",
        ".B coursebrowser login",
        "has saved a site and an access token; until then, from a built-in sample catalog.",
        escape("--canvas, CANVAS_URL and CANVAS_TOKEN override the saved login, for scripts; --catalog reads a catalog file instead."),
    ]

    private static let exitStatus = [
        ".SH EXIT STATUS",
        ".TP", ".B 0", "Done.",
        ".TP", ".B 1",
        "Something could not be done: a login that failed; no access token, or a token file, CANVAS_TOKEN, saved login, token command",
        "or event log that can't be used;",
        "files refused for an upload or a submission; uploads still waiting when drain stops;",
        "a file sync could not download;",
        "what is due that neither the backend nor a saved copy can give (due, calendar).",
        ".TP", ".B 2", "A command line that is wrong, or the browser started without a terminal.",
        ".TP", ".B 3", "A hand-in (submit) not agreed to: the answer was not y, or a statement to accept went unanswered; nothing was queued.",
    ]

    private static let environment = [
        ".SH ENVIRONMENT",
        ".TP", ".B CANVAS_URL", escape("The Canvas to browse when --canvas is not given."),
        ".TP", ".B CANVAS_TOKEN", "The access token, before the saved login's.",
        ".TP", ".B BROWSER", "The web browser o opens; else xdg-open.",
        ".TP", ".B NO_COLOR", "When set, nothing is coloured.",
        ".TP", #".BR CANVAS_RATE_HWM ", " CANVAS_RATE_OUTFLOW"#,
        escape("A school's own rate limit, where it changed Canvas's (a full bucket of 600, leaking 10 a second): background work keeps a third of the bucket for the keys you press."),
        ".TP", #".BR CURL_CA_BUNDLE ", " SSL_CERT_FILE"#,
        escape("A file of certificate authorities to trust instead of the system's, as for curl: for a school whose Canvas is signed by its own authority."),
        ".TP", #".BR https_proxy ", " http_proxy ", " no_proxy"#, "The proxy to use, as for curl.",
        ".TP", #".BR XDG_CONFIG_HOME ", " XDG_DATA_HOME ", " XDG_CACHE_HOME"#, "Where the files below live.",
    ]

    private static let files = [
        ".SH FILES",
        ".TP", #".I ~/.config/coursebrowser/profiles/NAME.json"#,
        "The saved login of profile NAME (default: default), readable only by you.",
        ".TP", ".I ~/.config/coursebrowser/settings.json", "Choices remembered between runs.",
        ".TP", ".I ~/.local/share/coursebrowser", "The upload queue; other profiles' under profiles/NAME.",
        ".TP", ".I ~/.local/share/coursebrowser/rate-budget.json", escape("Canvas's last rate budget reading, which status shows."),
        ".TP", ".I ~/.cache/coursebrowser", "Saved copies of what Canvas answered, with each answer's ETag under http/; other profiles' under profiles/NAME.",
        ".TP", ".I ~/Downloads/coursebrowser/CODE", escape("Course files downloaded (d in the Course pane, or sync), by course code and folder; --download-dir or XDG_DOWNLOAD_DIR choose another place."),
    ]

    /// Text safe in a roff line: backslashes and dashes escaped, anything past ASCII named by
    /// its code point (`\[u2026]`, which every groff reads whatever the locale), and no line
    /// that starts like a request.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += #"\e"#
            case "-": escaped += #"\-"#
            case _ where !scalar.isASCII: escaped += #"\[u"# + hex(scalar.value) + "]"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? #"\&"# + escaped : escaped
    }

    /// Four hex digits at least, upper case, as groff's `\[u…]` wants them.
    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
