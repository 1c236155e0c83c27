import CourseKit
import FoundationEssentials

/// What the command line asked for.
public struct LaunchOptions: Equatable, Sendable {
    /// What to do instead of, or as, starting the UI.
    public enum Action: Equatable, Sendable {
        case run
        case help
        case version
    }

    /// What to run: the browser, or one of the commands for shells and scripts.
    public enum Command: Equatable, Sendable {
        case browse
        /// `upload --course ID FILE…`: queue files and exit; each path as its bytes were given.
        case upload(files: [LocalPath])
        /// `submit --course ID --assignment ID FILE…`: queue the files as one submission and exit.
        case submit(files: [LocalPath])
        /// `queue [--json] [--clear-done]`: list the jobs, or remove the finished ones.
        case queue(json: Bool, clearDone: Bool = false)
        /// `drain [--timeout SECONDS]`: upload until nothing is due.
        case drain(timeoutSeconds: Int?)
        /// `due [--json] [--days N]`: print what is due, as the Due pane lists it, up to `days` ahead.
        case due(json: Bool = false, days: Int? = nil)
        /// `courses [--json] [--scope NAME]`: print the course list as the pane shows it, of the
        /// view `scope` (else the one the pane last showed).
        case courses(json: Bool = false, scope: CourseScope? = nil)
        /// `course ID [--json]`: print a course as its pane shows it: the overview, assignments,
        /// announcements and files.
        case course(json: Bool = false)
        /// `grades ID [--json]`: print how a course's total is made, group by group.
        case grades(json: Bool = false)
        /// `mcp`: serve the Model Context Protocol on standard input and output.
        case mcp
        /// `calendar [--days N]`: print what is due as an iCalendar file, up to `days` ahead.
        case calendar(days: Int? = nil)
        /// `sync --course ID [DIR] [--json]`: download the course's new and changed files, into
        /// `directory` when given (its bytes as given), and say what became of each.
        case sync(directory: LocalPath? = nil, json: Bool = false)
        /// `status [--json]`: which Canvas and user, whether the token works, the queue, the rate budget.
        case status(json: Bool = false)
        /// `login [URL]`: check a Canvas and a token, and save them for the profile; with
        /// `--moodle URL`, log in to that Moodle site instead.
        case login(url: URL?)
        /// `logout`: forget the profile's saved login.
        case logout
        /// `completions SHELL`: print the completion script for `shell`.
        case completions(Shell)
        /// `man-page`: print the manual page.
        case manPage
    }

    /// The shells `completions` writes for.
    public enum Shell: String, CaseIterable, Sendable {
        case bash, zsh, fish
    }

    /// The commands by name, to say which one an option goes with.
    public enum CommandName: String, CaseIterable, Sendable {
        case browse, upload, submit, queue, drain, courses, course, grades, due, calendar, sync, status, mcp, login, logout, completions
        case manPage = "man-page"
    }

    public var action: Action = .run
    public var command: Command = .browse
    /// Where the queue lives, instead of `$XDG_DATA_HOME/coursebrowser`.
    public var dataDirectory: String?
    /// Where downloads go, instead of the XDG download directory (else `~/Downloads`).
    public var downloadDirectory: String?
    /// Open this course at start (a deep link); with `upload` and `submit`, the course files go to.
    public var course: CourseID?
    /// With `submit`, the assignment the files are handed in to.
    public var assignment: String?
    /// With `submit`, the course and site the assignment's web address named, when it was given so.
    var assignmentLink: AssignmentReference.CourseAddress?
    /// With `submit`, hand in without asking first, as a script would.
    public var assumeYes = false
    /// `submit --text FILE`: the plain text to hand in as a text entry, instead of files.
    public var submitText: LocalPath?
    /// `submit --url URL`: the link to hand in, instead of files.
    public var submitURL: String?
    /// The Canvas a `--course` web address named, used when no backend is given.
    public var courseLinkBase: URL?
    /// Show only what was saved, and send nothing.
    public var offline = false
    /// Neither show nor save copies of what Canvas answers.
    public var noCache = false
    /// Start with the Due pane focused, unless `course` opens a course.
    public var showsDue = false
    /// Leave the mouse to the terminal (for selecting text) instead of clicks and the wheel.
    public var noMouse = false
    /// Refresh what the panes show every this many minutes; 0: never.
    public var refreshMinutes = 10.0
    /// How often the panes refresh; nil: never.
    public var refreshInterval: Duration? {
        refreshMinutes > 0 ? .milliseconds(Int64((refreshMinutes * 60_000).rounded())) : nil
    }
    /// Read courses from this file instead of the embedded sample catalog.
    public var catalogPath: String?
    /// Append analytics events to this file as JSON lines.
    public var eventLogPath: String?
    /// Talk to Canvas LMS at this base URL.
    public var canvasURL: URL?
    /// Talk to the Moodle site at this address (its `wwwroot`).
    public var moodleURL: URL?
    /// Read the access token from this file instead of `CANVAS_TOKEN` or `MOODLE_TOKEN`.
    public var tokenFile: String?
    /// Give up on a request after this many seconds.
    public var requestTimeoutSeconds: Int?
    /// Whose login, queue and saved copies to use; nil: the default profile.
    public var profile: ProfileName?
    /// A shell command whose output is the access token.
    public var tokenCommand: String?

    public init(
        action: Action = .run,
        course: CourseID? = nil,
        catalogPath: String? = nil,
        eventLogPath: String? = nil,
        canvasURL: URL? = nil,
        tokenFile: String? = nil,
        requestTimeoutSeconds: Int? = nil,
        command: Command = .browse,
        assignment: String? = nil,
        dataDirectory: String? = nil
    ) {
        self.action = action
        self.course = course
        self.catalogPath = catalogPath
        self.eventLogPath = eventLogPath
        self.canvasURL = canvasURL
        self.tokenFile = tokenFile
        self.requestTimeoutSeconds = requestTimeoutSeconds
        self.command = command
        self.assignment = assignment
        self.dataDirectory = dataDirectory
    }

    public static let version = "0.1.0"
}

extension LaunchOptions.Command {
    var name: LaunchOptions.CommandName {
        switch self {
        case .browse: .browse
        case .upload: .upload
        case .submit: .submit
        case .queue: .queue
        case .drain: .drain
        case .courses: .courses
        case .course: .course
        case .grades: .grades
        case .mcp: .mcp
        case .due: .due
        case .calendar: .calendar
        case .sync: .sync
        case .status: .status
        case .login: .login
        case .logout: .logout
        case .completions: .completions
        case .manPage: .manPage
        }
    }
}

/// A command line that can't be run, with a one-line explanation.
public struct UsageError: UserFacingError, Equatable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
    public var userMessage: String { message }
}
