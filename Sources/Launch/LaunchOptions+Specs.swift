import CourseKit
import FoundationEssentials
import TextBasics

extension LaunchOptions {
    /// Every option, in the order `--help` lists them.
    static let optionSpecs: [OptionSpec] = [
        OptionSpec(
            "--canvas", value: "URL",
            commands: backendCommands, mixUp: "to log in, give the URL after login: coursebrowser login URL",
            help: "Browse Canvas LMS at URL (or set CANVAS_URL) instead of the saved login's, over https (plain http only to this machine). "
                + "The access token comes from --token-file, --token-command, CANVAS_TOKEN or the saved login."
        ) { options, value throws(UsageError) in options.canvasURL = try canvasURL(value) },
        OptionSpec(
            "--moodle", value: "URL", commands: backendCommands + [.login],
            help: "Browse the Moodle site at URL (or set MOODLE_URL) instead of the saved login's, over https (plain http only to this machine). "
                + "The token comes from --token-file, --token-command, MOODLE_TOKEN or the saved login; "
                + "with login, log in to the site (with your username and password, or single sign-on in a browser)."
        ) { options, value throws(UsageError) in options.moodleURL = try moodleURL(value) },
        OptionSpec("--profile", value: "NAME", commands: backendCommands + [.login, .logout], help: "Use the saved login, upload queue and saved copies of profile NAME (default: default).") {
            options, value throws(UsageError) in options.profile = try ProfileName(value)
        },
        OptionSpec("--token-file", value: "PATH", commands: backendCommands, help: "Read the access token (Canvas or Moodle) from PATH, which only you may read (chmod 600).") {
            options, value throws(UsageError) in options.tokenFile = try path(value, for: "--token-file")
        },
        OptionSpec(
            "--token-command", value: "CMD", commands: backendCommands + [.login],
            help: "Run CMD with sh and use what it prints as the access token ('pass show canvas'); "
                + "login saves CMD instead of a token."
        ) { options, value throws(UsageError) in
            guard let command = value.nonBlank else { throw UsageError("--token-command needs a command, not an empty value") }
            options.tokenCommand = command
        },
        OptionSpec("--catalog", value: "FILE", commands: backendCommands, help: "Read courses from a JSON catalog file instead of the built-in sample catalog.") {
            options, value throws(UsageError) in options.catalogPath = try path(value, for: "--catalog")
        },
        OptionSpec(
            "--course", value: "ID", commands: backendCommands.filter { !plannerCommands.contains($0) && ![.status, .courses, .mcp].contains($0) },
            help: "Open this course at start: its Canvas ID, a form like sis_course_id:ABC, or its Canvas web address "
                + "(https://school.instructure.com/courses/1003/…), whose Canvas is then used unless --canvas or --catalog says otherwise."
        ) { options, value throws(UsageError) in try options.takeCourse(value, for: "--course") },
        OptionSpec(
            "--assignment", value: "ID", commands: [.submit],
            help: "The assignment to hand in to: its Canvas ID, the id due --json prints (assignment:5703), or its web address, which names the course too."
        ) { options, value throws(UsageError) in
            let reference = try AssignmentReference(value)
            options.assignment = reference.id
            options.assignmentLink = reference.link
        },
        OptionSpec("--text", value: "FILE", commands: [.submit], help: "Hand in the plain text in FILE (UTF-8) as a text entry, instead of files.") {
            options, value throws(UsageError) in
            guard !value.isEmpty else { throw UsageError("--text needs a FILE of plain text, not an empty value") }
            options.submitText = LocalPath(value)
        },
        OptionSpec("--url", value: "URL", commands: [.submit], help: "Hand in the link URL, instead of files.") {
            options, value throws(UsageError) in
            guard let link = value.nonBlank?.trimming(.whitespaces), !link.contains(where: \.isWhitespace) else {
                throw UsageError("--url needs one address, such as https://example.com/essay")
            }
            options.submitURL = link
        },
        OptionSpec("--yes", commands: [.submit], help: "Hand in without asking first (submit asks only when standard input is a terminal).") {
            options, _ in options.assumeYes = true
        },
        OptionSpec("--request-timeout", value: "SECONDS", help: "Give up on a request to Canvas or Moodle after SECONDS (default 30).") {
            options, value throws(UsageError) in options.requestTimeoutSeconds = try seconds(value, for: "--request-timeout")
        },
        OptionSpec(
            "--data-dir", value: "DIR", commands: backendCommands,
            help: "Keep the upload queue in DIR (default $XDG_DATA_HOME/coursebrowser or ~/.local/share/coursebrowser)."
        ) { options, value throws(UsageError) in options.dataDirectory = try path(value, for: "--data-dir") },
        OptionSpec(
            "--download-dir", value: "DIR", commands: [.browse, .sync],
            help: "Download course files under DIR/coursebrowser (default: XDG_DOWNLOAD_DIR from ~/.config/user-dirs.dirs, else ~/Downloads)."
        ) { options, value throws(UsageError) in options.downloadDirectory = try path(value, for: "--download-dir") },
        OptionSpec("--event-log", value: "FILE", help: "Append usage events to FILE, one JSON object per line.") {
            options, value throws(UsageError) in options.eventLogPath = try path(value, for: "--event-log")
        },
        OptionSpec("--offline", commands: [.browse, .courses] + courseCommands + plannerCommands + [.mcp], help: "Show only what was saved from earlier runs and send nothing; uploads stay queued.") {
            options, _ in options.offline = true
        },
        OptionSpec("--due", commands: [.browse], help: "Start on the Due pane: what is due across your courses, missing first.") {
            options, _ in options.showsDue = true
        },
        OptionSpec(
            "--refresh", value: "MIN", commands: [.browse],
            help: "Refresh the course list, the open course and what is due every MIN minutes, behind what is shown "
                + "(default 10; 0: never; a fraction such as 0.5 is every 30 seconds)."
        ) { options, value throws(UsageError) in options.refreshMinutes = try refreshMinutes(value) },
        OptionSpec("--no-mouse", commands: [.browse], help: "Leave the mouse to the terminal, for selecting text; no clicks or wheel.") {
            options, _ in options.noMouse = true
        },
        OptionSpec("--no-cache", commands: backendCommands, help: "Neither show nor save copies of what Canvas or Moodle answers.") { options, _ in options.noCache = true },
        OptionSpec(
            "--json", commands: [.queue, .courses, .course, .grades, .due, .sync, .status],
            help: "Print the queue, the courses, a course, its grades, what is due, what sync did or the status as JSON, for scripts; "
                + "a failure as {\"error\": {\"kind\", \"message\"}}."
        ) { options, _ in
            switch options.command {
            case let .courses(_, scope): options.command = .courses(json: true, scope: scope)
            case .course: options.command = .course(json: true)
            case .grades: options.command = .grades(json: true)
            case let .queue(_, clearDone): options.command = .queue(json: true, clearDone: clearDone)
            case let .due(_, days): options.command = .due(json: true, days: days)
            case let .sync(directory, _): options.command = .sync(directory: directory, json: true)
            case .status: options.command = .status(json: true)
            default: break
            }
        },
        OptionSpec("--scope", value: "NAME", commands: [.courses], help: "List the view NAME: current (courses not ended), favorites (those you starred) or all.") {
            options, value throws(UsageError) in
            guard let scope = CourseScope(rawValue: value) else { throw UsageError("--scope is current, favorites or all, not '\(value)'") }
            if case let .courses(json, _) = options.command { options.command = .courses(json: json, scope: scope) }
        },
        OptionSpec("--days", value: "N", commands: plannerCommands, help: "List what is due up to N days ahead (default 28, at most 365).") {
            options, value throws(UsageError) in
            let days = try days(value)
            switch options.command {
            case let .due(json, _): options.command = .due(json: json, days: days)
            case .calendar: options.command = .calendar(days: days)
            default: break
            }
        },
        OptionSpec("--clear-done", commands: [.queue], help: "Remove finished uploads from the queue, then list what is left.") { options, _ in
            if case let .queue(json, _) = options.command { options.command = .queue(json: json, clearDone: true) }
        },
        OptionSpec(
            "--timeout", value: "SECONDS", commands: [.drain], mixUp: "for requests use --request-timeout",
            help: "Stop draining after SECONDS, leaving what is left queued."
        ) { options, value throws(UsageError) in options.command = .drain(timeoutSeconds: try seconds(value, for: "--timeout")) },
        OptionSpec("--version", help: "Print the version and the commit it was built from, and exit.") { options, _ in options.action = .version },
        OptionSpec("-h", "--help", help: "Print this help and exit; after a command, that command's help alone.") { options, _ in options.action = .help },
    ]

    /// The commands that browse, send or list what is due, and so need a backend.
    static let backendCommands: [CommandName] = [.browse, .upload, .submit, .queue, .drain, .courses, .sync, .status, .mcp] + courseCommands + plannerCommands

    /// The commands that print one course, named by their argument.
    static let courseCommands: [CommandName] = [.course, .grades]

    /// The commands that print what is due, as the Due pane lists it.
    static let plannerCommands: [CommandName] = [.due, .calendar]

    /// How far ahead `due` and `calendar` look unless `--days` says: as far as the Due pane.
    static let defaultDays = 28
    /// The most `--days` takes: a year, past which a planner holds little but noise.
    static let maximumDays = 365

    /// The option named `name`, by any of its names.
    static func spec(named name: String) -> OptionSpec? {
        optionSpecs.first { $0.names.contains(name) }
    }

    private static func path(_ value: String, for name: String) throws(UsageError) -> String {
        guard !value.isEmpty else { throw UsageError("\(name) needs a file path, not an empty value") }
        return value
    }

    private static func days(_ value: String) throws(UsageError) -> Int {
        guard let days = Int(value), (1...maximumDays).contains(days) else {
            throw UsageError("--days needs a whole number of days from 1 to \(maximumDays), not '\(value)'")
        }
        return days
    }

    /// The shortest refresh interval but never, in minutes: a refresh reads every page of the
    /// list, the open course and the planner, so it is kept from asking Canvas more than every 6 seconds.
    static let shortestRefresh = 0.1

    private static func refreshMinutes(_ value: String) throws(UsageError) -> Double {
        guard let minutes = Double(value), minutes.isFinite, minutes == 0 || (shortestRefresh...10_080).contains(minutes) else {
            throw UsageError("--refresh needs a number of minutes, 0 (never) or from 0.1 to 10080, not '\(value)'")
        }
        return minutes
    }

    private static func seconds(_ value: String, for name: String) throws(UsageError) -> Int {
        guard let seconds = Int(value), (1...86_400).contains(seconds) else {
            throw UsageError("\(name) needs a whole number of seconds from 1 to 86400, not '\(value)'")
        }
        return seconds
    }
}
