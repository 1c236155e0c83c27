import CourseKit
@testable import Launch
import Testing

/// A mistyped command or option is answered with the nearest one, as git does, and a word far
/// from all of them with the list of commands.
struct CommandSuggestionTests {
    /// Parses as the program does, with a file system in which only `existing` names something.
    private func parse(_ arguments: [String], existing: Set<String> = []) throws(UsageError) -> LaunchOptions {
        try LaunchOptions.parse(bytes: arguments.map { Array($0.utf8) }, pathExists: { existing.contains($0.path) })
    }

    private static let commandList = "'upload', 'submit', 'queue', 'drain', 'courses', 'course', 'grades', 'due', 'calendar', 'sync', 'status', 'mcp', "
        + "'login', 'logout', 'completions' and 'man-page'"

    @Test(arguments: [
        (["uplod"], "unknown command 'uplod'; did you mean 'upload'?"),
        (["sumbit", "--course", "3", "a.pdf"], "unknown command 'sumbit'; did you mean 'submit'?"),
        (["Queue"], "unknown command 'Queue'; did you mean 'queue'?"),
        (["calender"], "unknown command 'calender'; did you mean 'calendar'?"),
        (["stauts"], "unknown command 'stauts'; did you mean 'status'?"),
        (["manpage"], "unknown command 'manpage'; did you mean 'man-page'?"),
        (["comp", "bash"], "unknown command 'comp'; did you mean 'completions'?"),
        (["log"], "unknown command 'log'; did you mean 'login' or 'logout'?"),
        (["--course", "3", "uplod"], "unknown command 'uplod'; did you mean 'upload'?"),
        (["help", "uplod"], "unknown command 'uplod'; did you mean 'upload'?"),
        (["xyz"], "unknown command 'xyz'; the commands are " + commandList),
        (["stray"], "unknown command 'stray'; the commands are " + commandList),
        (["u"], "unknown command 'u'; the commands are " + commandList),
        (["browse"], "there is no 'browse' command: plain coursebrowser starts the browser"),
        (["--profile", "work", "upload", "--course", "3", "a.pdf"], "the command goes first: coursebrowser upload …"),
    ])
    func aMistypedCommandIsAnsweredWithTheNearestOrTheList(arguments: [String], message: String) {
        #expect(throws: UsageError(message)) { try parse(arguments) }
    }

    /// The browser opens no files, so a word that is one (or looks like a path) points at
    /// `upload`, even when its name is close to a command's.
    @Test(arguments: [
        ("essay.pdf", false), ("notes/week1", false), ("uplod", true), ("notes", true),
    ])
    func aFileIsPointedAtUpload(word: String, exists: Bool) {
        let arguments = [word]
        let existing: Set<String> = exists ? [word] : []
        #expect(throws: UsageError("'\(word)' is not a command, and the browser opens no files; to send it to a course: coursebrowser upload --course ID FILE")) {
            try parse(arguments, existing: existing)
        }
    }

    @Test(arguments: [
        (["--cours", "3"], "unknown option '--cours'; did you mean '--course'?"),
        (["-course", "3"], "unknown option '-course'; did you mean '--course'?"),
        (["--hlep"], "unknown option '--hlep'; did you mean '--help'?"),
        (["--token", "abc"], "unknown option '--token'; did you mean '--token-file' or '--token-command'?"),
        (["queue", "--jsn"], "unknown option '--jsn'; did you mean '--json'?"),
        // The options that go with the command come first: drain's --timeout, not --request-timeout.
        (["drain", "--timeuot", "5"], "unknown option '--timeuot'; did you mean '--timeout'?"),
        // With none near among them, the nearest of all, whose misuse then says where it goes.
        (["queue", "--assignmnt", "5"], "unknown option '--assignmnt'; did you mean '--assignment'?"),
        (["--bogus"], "unknown option '--bogus'"),
        (["-x"], "unknown option '-x'"),
    ])
    func aMistypedOptionIsAnsweredWithTheNearest(arguments: [String], message: String) {
        #expect(throws: UsageError(message)) { try parse(arguments) }
    }

    @Test(arguments: [
        ("upload", "upload", 0), ("uplod", "upload", 1), ("sumbit", "submit", 1), ("", "due", 3),
        ("kitten", "sitting", 3), ("ca", "abc", 3), ("abcd", "acbd", 1),
    ])
    func theEditDistanceCountsASwapAsOneEdit(a: String, b: String, distance: Int) {
        #expect(LaunchOptions.editDistance(Array(a), Array(b)) == distance)
        #expect(LaunchOptions.editDistance(Array(b), Array(a)) == distance)
    }

    @Test func helpBeforeACommandAsksForItsHelp() throws {
        let upload = try parse(["help", "upload"])
        #expect(upload.action == .help)
        #expect(upload.command == .upload(files: []))
        #expect(try parse(["help"]) == LaunchOptions(action: .help))
        #expect(try parse(["upload", "--help"]).command == .upload(files: []))
    }
}
