import Foundation
import Testing
import CourseKit
@testable import Launch
import TestSupport

struct LaunchOptionsTests {
    @Test func noArgumentsRunsTheSampleCatalog() throws {
        #expect(try LaunchOptions.parse([]) == LaunchOptions())
    }

    @Test(arguments: [
        (["--course", "10013"], LaunchOptions(course: CourseID("10013"))),
        (["--course=sis_course_id:ABC"], LaunchOptions(course: CourseID("sis_course_id:ABC"))),
        (["--catalog", "my courses.json", "--event-log", "/tmp/e.log"], LaunchOptions(catalogPath: "my courses.json", eventLogPath: "/tmp/e.log")),
        (["--help"], LaunchOptions(action: .help)),
        (["-h", "--course", "1"], LaunchOptions(action: .help, course: CourseID(1))),
        (["--version"], LaunchOptions(action: .version)),
        (["--canvas", "https://school.instructure.com", "--token-file", "~/.canvas", "--request-timeout", "5"],
         LaunchOptions(canvasURL: URL(string: "https://school.instructure.com"), tokenFile: "~/.canvas", requestTimeoutSeconds: 5)),
        (["upload", "--course", "7", "essay.pdf", "--", "-odd name.txt"],
         LaunchOptions(course: CourseID(7), command: .upload(files: ["essay.pdf", "-odd name.txt"]))),
        (["queue", "--json", "--data-dir", "/tmp/q"], LaunchOptions(command: .queue(json: true), dataDirectory: "/tmp/q")),
        (["submit", "--course", "7", "--assignment", "500072", "draft.pdf", "data.csv"],
         LaunchOptions(course: CourseID(7), command: .submit(files: ["draft.pdf", "data.csv"]), assignment: "500072")),
        (["queue", "--clear-done", "--json"], LaunchOptions(command: .queue(json: true, clearDone: true))),
        (["drain", "--timeout", "60", "--catalog", "c.json"], LaunchOptions(catalogPath: "c.json", command: .drain(timeoutSeconds: 60))),
        (["drain"], LaunchOptions(command: .drain(timeoutSeconds: nil))),
        (["--canvas=http://127.0.0.1:8080/", "--course", "sis_course_id:ABC"],
         LaunchOptions(course: CourseID("sis_course_id:ABC"), canvasURL: URL(string: "http://127.0.0.1:8080"))),
        (["--canvas", "HTTPS://School.Instructure.COM:443/"], LaunchOptions(canvasURL: URL(string: "https://school.instructure.com"))),
        (["--canvas", "https://lms.example/canvas//?x=1#top"], LaunchOptions(canvasURL: URL(string: "https://lms.example/canvas"))),
        (["--canvas", "https://lms.example:8443"], LaunchOptions(canvasURL: URL(string: "https://lms.example:8443"))),
        (["--canvas", "http://localhost:3000/"], LaunchOptions(canvasURL: URL(string: "http://localhost:3000"))),
        (["--canvas", "http://[::1]:3000"], LaunchOptions(canvasURL: URL(string: "http://[::1]:3000"))),
    ])
    func parses(arguments: [String], expected: LaunchOptions) throws {
        #expect(try LaunchOptions.parse(arguments) == expected)
    }

    @Test func dueStartsOnTheDuePaneAndIsOffByDefault() throws {
        #expect(try LaunchOptions.parse(["--due"]).showsDue)
    }

    @Test func anAssignmentIsTakenByItsIDTheIDDueJSONPrintsOrItsAddressWhichNamesTheCourse() throws {
        let byPlannerID = try LaunchOptions.parse(["submit", "--course", "7", "--assignment", "assignment:5703", "a.pdf"])
        #expect(byPlannerID.assignment == "5703" && byPlannerID.course == CourseID(7))
        let bySIS = try LaunchOptions.parse(["submit", "--course", "7", "--assignment", "sis_assignment_id:A-1", "a.pdf"])
        #expect(bySIS.assignment == "sis_assignment_id:A-1", "an ID of Canvas's own forms is passed on")
        let byAddress = try LaunchOptions.parse(["submit", "--assignment", "https://school.example/courses/1003/assignments/5703?x=1", "a.pdf"])
        #expect(byAddress.assignment == "5703" && byAddress.course == CourseID(1003))
        #expect(byAddress.courseLinkBase == URL(string: "https://school.example"), "the address's Canvas is used")
        let agreeing = try LaunchOptions.parse(["submit", "--course", "1003", "--assignment", "https://school.example/courses/1003/assignments/5703", "a.pdf"])
        #expect(agreeing.course == CourseID(1003) && agreeing.assignment == "5703")
        #expect(try LaunchOptions.parse(["--due", "--catalog", "c.json"]).catalogPath == "c.json")
        #expect(try !LaunchOptions.parse([]).showsDue)
        #expect(LaunchOptions.helpText.contains("--due"))
    }

    @Test func loginLogoutProfilesAndTheTokenCommandParse() throws {
        let login = try LaunchOptions.parse(["login", "HTTPS://School.example/", "--profile", "work", "--token-command", "pass show canvas"])
        #expect(login.command == .login(url: URL(string: "https://school.example")))
        #expect(login.profile == (try ProfileName("work")))
        #expect(login.tokenCommand == "pass show canvas")
        #expect(try LaunchOptions.parse(["login"]).command == .login(url: nil))
        #expect(try LaunchOptions.parse(["logout"]).command == .logout)
        #expect(try LaunchOptions.parse(["queue", "--profile", "school-2.b_c"]).profile?.text == "school-2.b_c")
        #expect(try LaunchOptions.parse(["completions", "fish"]).command == .completions(.fish))
        #expect(try LaunchOptions.parse(["completions", "--help"]).action == .help)
        #expect(try LaunchOptions.parse(["man-page"]).command == .manPage)
        #expect(try LaunchOptions.parse(["--profile", String(repeating: "p", count: 64)]).profile != nil)
        #expect(throws: UsageError.self) { try LaunchOptions.parse(["--profile", String(repeating: "p", count: 65)]) }
    }

    @Test(arguments: [
        ("https://school.instructure.com/courses/1003", "https://school.instructure.com", "1003"),
        ("https://School.Instructure.com/courses/1003/modules", "https://school.instructure.com", "1003"),
        ("https://school.instructure.com/courses/1003/assignments/5001?module_item_id=7#top", "https://school.instructure.com", "1003"),
        ("https://lms.example:8443/canvas/courses/sis_course_id:ABC-101/", "https://lms.example:8443/canvas", "sis_course_id:ABC-101"),
        ("http://127.0.0.1:3000/courses/42", "http://127.0.0.1:3000", "42"),
    ])
    func aCourseWebAddressNamesTheCourseAndItsCanvas(address: String, base: String, course: String) throws {
        let options = try LaunchOptions.parse(["--course", address])
        #expect(options.course == CourseID(course))
        #expect(options.courseLinkBase == URL(string: base))
    }

    @Test(arguments: [
        (["--bogus"], "unknown option '--bogus'"),
        (["--course", "https://school.example/courses"],
         "--course needs a course ID or a Canvas course address like https://school.instructure.com/courses/1003, not 'https://school.example/courses'"),
        (["--course", "https://school.example/users/3"],
         "--course needs a course ID or a Canvas course address like https://school.instructure.com/courses/1003, not 'https://school.example/users/3'"),
        (["--course", "http://school.example/courses/3"],
         "--course uses plain http, which would send your access token unencrypted; use https://school.example"),
        (["--bogus=1"], "unknown option '--bogus'"),
        (["-x"], "unknown option '-x'"),
        (["--course"], "--course needs a value"),
        (["--course", "--catalog", "x"], "--course needs a value"),
        (["--course", ""], "--course needs a course ID, not an empty value"),
        (["--course=  "], "--course needs a course ID, not an empty value"),
        (["--catalog="], "--catalog needs a file path, not an empty value"),
        (["--event-log"], "--event-log needs a value"),
        (["--course", "1", "--course", "2"], "--course was given more than once"),
        (["--canvas", "school.instructure.com"], "--canvas needs a URL like https://school.instructure.com, not 'school.instructure.com'"),
        (["--canvas", "ftp://x"], "--canvas needs a URL like https://school.instructure.com, not 'ftp://x'"),
        (["--canvas", "http://school.instructure.com"],
         "--canvas uses plain http, which would send your access token unencrypted; use https://school.instructure.com"),
        (["--canvas", "HTTP://10.0.0.5:8080/"],
         "--canvas uses plain http, which would send your access token unencrypted; use https://10.0.0.5:8080"),
        (["--canvas", "https://a.example", "--catalog", "c.json"], "--canvas and --catalog choose different backends; give one"),
        (["--request-timeout", "0"], "--request-timeout needs a whole number of seconds from 1 to 86400, not '0'"),
        (["drain", "--timeout", "soon"], "--timeout needs a whole number of seconds from 1 to 86400, not 'soon'"),
        (["--timeout", "5"], "--timeout only goes with 'drain'; for requests use --request-timeout"),
        (["--json"], "--json only goes with 'queue', 'courses', 'course', 'grades', 'due', 'sync' or 'status'"),
        (["queue", "--due"], "--due only goes with the browser (coursebrowser with no command)"),
        (["drain", "--clear-done"], "--clear-done only goes with 'queue'"),
        (["upload", "a.txt"], "upload needs --course ID"),
        (["upload", "--course", "3"], "upload needs at least one FILE"),
        (["submit", "--assignment", "5", "a.pdf"], "submit needs --course ID"),
        (["submit", "--course", "3", "a.pdf"], "submit needs --assignment ID"),
        (["submit", "--course", "3", "--assignment", "5"], "submit needs at least one FILE, or --text FILE, or --url URL"),
        (["submit", "--course", "3", "--assignment", "5", "--text", "a.txt", "--url", "x.org"], "submit hands in a text (--text) or a link (--url), not both"),
        (["submit", "--course", "3", "--assignment", "5", "--url", "x.org", "a.pdf"], "submit hands in files or a link (--url), not both: 'a.pdf'"),
        (["submit", "--course", "3", "--assignment", "5", "--url", "two words"], "--url needs one address, such as https://example.com/essay"),
        (["submit", "--course", "3", "--assignment", " ", "a.pdf"], "--assignment needs an assignment ID, not an empty value"),
        (["upload", "--course", "3", "--assignment", "5", "a.pdf"], "--assignment only goes with 'submit'"),
        (["submit", "--course", "3", "--assignment", "quiz:12", "a.pdf"],
         "--assignment takes an assignment, and 'quiz:12' is a quiz: give the ID of the assignment it counts as, as its course lists it"),
        (["submit", "--course", "3", "--assignment", "assignment:", "a.pdf"], "--assignment needs an assignment ID after 'assignment:'"),
        (["submit", "--course", "3", "--assignment", "https://school.example/courses/1003/files/9", "a.pdf"],
         "--assignment needs an assignment ID or its web address like https://school.instructure.com/courses/1003/assignments/5703, not 'https://school.example/courses/1003/files/9'"),
        (["submit", "--course", "3", "--assignment", "https://school.example/courses/1003/assignments/5703", "a.pdf"],
         "--assignment's address is in course 1003, not course 3"),
        (["upload", "--course", "3", "--yes", "a.pdf"], "--yes only goes with 'submit'"),
        (["queue", "extra"], "unexpected argument 'extra'"),
        (["login", "school.example"], "login needs a URL like https://school.instructure.com, not 'school.example'"),
        (["login", "http://school.example"], "login uses plain http, which would send your access token unencrypted; use https://school.example"),
        (["login", "https://a.example", "https://b.example"], "unexpected argument 'https://b.example'"),
        (["login", "--catalog", "c.json"], "--catalog doesn't go with 'login'"),
        (["logout", "--token-command", "pass x"], "--token-command doesn't go with 'logout'"),
        (["logout", "extra"], "unexpected argument 'extra'"),
        (["login", "--canvas", "https://a.example"],
         "--canvas doesn't go with 'login'; to log in, give the URL after login: coursebrowser login URL"),
        (["--profile", "../work"], "--profile needs a name of letters, digits, '-', '_' and '.' (not first), at most 64 long, not '../work'"),
        (["--profile", ".hidden"], "--profile needs a name of letters, digits, '-', '_' and '.' (not first), at most 64 long, not '.hidden'"),
        (["--profile", ""], "--profile needs a name of letters, digits, '-', '_' and '.' (not first), at most 64 long, not ''"),
        (["--token-command", " "], "--token-command needs a command, not an empty value"),
        (["--token-file", "t", "--token-command", "pass x"], "--token-file and --token-command both give the token; give one"),
        (["completions"], "completions needs a shell: bash, zsh or fish"),
        (["completions", "tcsh"], "completions knows bash, zsh and fish, not 'tcsh'"),
        (["man-page", "x"], "unexpected argument 'x'"),
    ])
    func rejects(arguments: [String], message: String) {
        #expect(throws: UsageError(message)) {
            try LaunchOptions.parse(arguments)
        }
    }

    @Test func yesLetsSubmitHandInWithoutAsking() throws {
        let asks = try LaunchOptions.parse(["submit", "--course", "7", "--assignment", "9", "a.pdf"])
        #expect(!asks.assumeYes)
        let yes = try LaunchOptions.parse(["submit", "--course", "7", "--assignment", "9", "--yes", "a.pdf"])
        #expect(yes.assumeYes)
        #expect(yes.command == .submit(files: ["a.pdf"]))
        #expect(LaunchOptions.helpText.contains("--yes"))
    }

    @Test func helpListsEveryCommandAndOptionFromTheTables() {
        let help = LaunchOptions.helpText
        for spec in LaunchOptions.optionSpecs {
            #expect(help.contains("\n  " + spec.label), "\(spec.label) is in --help")
        }
        for command in LaunchOptions.commandSpecs {
            #expect(help.contains("coursebrowser " + command.usage))
        }
        #expect(help.contains("--json             Print the queue, the courses, a course, its grades, what\n"))
        #expect(help.split(separator: "\n").allSatisfy { $0.count <= 79 })
    }

    /// A value `spec` takes: a number, an address, a view, else any word.
    static func sampleValue(of spec: OptionSpec) -> String {
        if ["SECONDS", "N", "MIN"].contains(spec.value) { return "5" }
        if spec.value == "URL" { return "https://a.example" }
        return spec.name == "--scope" ? "all" : "x"
    }

    @Test func everyOptionInTheTableIsParsedByEachOfItsNames() throws {
        for spec in LaunchOptions.optionSpecs {
            // The browser has no name on the command line.
            let command = spec.commands.first.flatMap { $0 == .browse ? nil : [$0.rawValue] } ?? []
            // What the command needs besides the option, so only the option can make it fail.
            // (`--text` and `--url` hand in instead of files, so they come without one.)
            let file = ["--text", "--url"].contains(spec.name) ? [] : ["essay.pdf"]
            let rest = spec.commands.first != .submit ? [] : ["--course", "1"] + file + (spec.name == "--assignment" ? [] : ["--assignment", "9"])
            for name in spec.names {
                let value = spec.value == nil ? [] : [Self.sampleValue(of: spec)]
                #expect(throws: Never.self, "\(name)") { try LaunchOptions.parse(command + [name] + value + rest) }
            }
        }
    }

    @Test func readmesOptionTableNamesEveryOption() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let options = readme.components(separatedBy: "\n## Options\n").dropFirst().first ?? ""
        for spec in LaunchOptions.optionSpecs {
            #expect(options.contains("`\(spec.name)"), "README's Options table has \(spec.name)")
        }
    }
}
