import FakeCanvasKit
import Foundation
import Testing

/// Options that never start the UI: usage errors, `--help`, `--version`.
///
/// These run the binary with Foundation's `Process` and pipes instead of a terminal.
@Suite struct CommandLineTests {
    /// Runs the app with `arguments`, stdin from /dev/null, and returns what it printed; with
    /// `environment`, that is all the environment it has.
    static func run(_ arguments: [String], environment: [String: String]? = nil) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try AppBinary.path())
        process.arguments = arguments
        if let environment { process.environment = environment }
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // The app writes little, so reading to the end first can't block on a full pipe.
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }

    @Test(arguments: [
        (["--bogus"], "unknown option '--bogus'"),
        (["--course"], "--course needs a value"),
        (["--course", ""], "--course needs a course ID, not an empty value"),
        (["--course", "1", "--course", "2"], "--course was given more than once"),
        (["--catalog="], "--catalog needs a file path, not an empty value"),
        (["uplod", "--course", "3", "a.txt"], "unknown command 'uplod'; did you mean 'upload'?"),
        (["--cours", "3"], "unknown option '--cours'; did you mean '--course'?"),
        (["queue", "--offline"], "--offline only goes with the browser (coursebrowser with no command), 'courses', 'course', 'grades', 'due', 'calendar' or 'mcp'"),
        (["--canvas", "http://school.example"],
         "--canvas uses plain http, which would send your access token unencrypted; use https://school.example"),
    ])
    func badOptionsPrintOneLineAndExit2(arguments: [String], message: String) throws {
        let result = try Self.run(arguments)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty, "the terminal is not touched")
        #expect(result.stderr == "coursebrowser: \(message)\nTry 'coursebrowser --help' for usage.\n")
    }

    @Test func aTokenFileOthersCanReadIsRefusedBeforeAnythingStarts() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("cb-token-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("1~secret\n".utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
        let result = try Self.run(["queue", "--canvas", "https://school.example", "--token-file", file.path])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "coursebrowser: Token file \(file.path) can be read by other users (mode 644); run: chmod 600 \(file.path)\n", "\(result.stderr)")
        #expect(!result.stderr.contains("1~secret"))
    }

    /// A setup that can't be used is no usage error: status 1, and no pointer to --help.
    @Test func aTokenCommandThatFailsEndsTheStartWithStatus1() throws {
        let command = "echo 'vault is locked' >&2; exit 3"
        let result = try Self.run(["queue", "--canvas", "https://school.example", "--token-command", command])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "vault is locked\ncoursebrowser: The token command '\(command)' gave no token: exit status 3\n", "\(result.stderr)")
    }

    /// A token with a line break or another control character inside, from wherever it comes,
    /// ends the start with one line naming where it came from, and nothing reaches Canvas: sent
    /// as it is, the text after a line break would arrive as a header of its own.
    @Test(arguments: [
        ("CANVAS_TOKEN", "\r\nX-Injected: 1"), ("--token-file", "\nX-Injected: 1"),
        // A command's second line is refused as such; a password manager's colours are not text.
        ("--token-command", "\u{1B}[0m"),
    ])
    func aTokenWithAControlCharacterIsRefusedBeforeAnythingIsSent(source: String, mangling: String) async throws {
        let server = try FakeCanvasServer()
        defer { server.stop() }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("cb-token-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let token = server.token + mangling
        var environment = ["HOME": home.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        let file = home.appendingPathComponent("essay.pdf")
        try Data("essay".utf8).write(to: file)
        var arguments = ["submit", "--canvas", server.baseURL.absoluteString, "--course", "1", "--assignment", "500012", file.path]
        var named = source
        switch source {
        case "--token-file":
            let tokenFile = home.appendingPathComponent("token")
            try Data((token + "\n").utf8).write(to: tokenFile)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: tokenFile.path)
            arguments += ["--token-file", tokenFile.path]
            named = "--token-file \(tokenFile.path)"
        case "--token-command":
            let stored = home.appendingPathComponent("stored")
            try Data(token.utf8).write(to: stored)
            arguments += ["--token-command", "cat \(stored.path)"]
        default:
            environment["CANVAS_TOKEN"] = token
        }
        let result = try Self.run(arguments, environment: environment)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "coursebrowser: The access token from \(named) has a control character in it (a line break, say),"
            + " so it was not sent; an access token is a single line\n", "\(result.stderr)")
        #expect(!result.stderr.contains(server.token))
        #expect(try await server.requests().isEmpty, "nothing was sent")
    }

    @Test func aTokenFileEndingInALineBreakIsUsed() async throws {
        let server = try FakeCanvasServer()
        defer { server.stop() }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("cb-token-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let tokenFile = home.appendingPathComponent("token")
        try Data((server.token + "\r\n").utf8).write(to: tokenFile)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: tokenFile.path)
        let file = home.appendingPathComponent("essay.pdf")
        try Data("essay".utf8).write(to: file)
        let arguments = ["submit", "--canvas", server.baseURL.absoluteString, "--token-file", tokenFile.path,
                         "--course", "1", "--assignment", "500012", file.path]
        let result = try Self.run(arguments, environment: ["HOME": home.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("queued "))
        let checked = try await server.requests()
        #expect(!checked.isEmpty && checked.allSatisfy(\.auth_valid), "the assignment was checked with the token")
    }

    @Test(arguments: ["--help", "-h"])
    func helpPrintsUsageAndExits0(option: String) throws {
        let result = try Self.run([option])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("coursebrowser — browse your courses from the terminal\n"))
        #expect(result.stdout.contains("USAGE: coursebrowser "))
        for option in ["--course ID", "--catalog FILE", "--event-log FILE", "--version", "-h, --help"] {
            #expect(result.stdout.contains(option))
        }
        #expect(!result.stdout.contains("\u{1B}"), "no escape sequences")
        #expect(result.stderr.isEmpty)
    }

    @Test(arguments: [["upload", "--help"], ["help", "upload"]])
    func aCommandsHelpIsItsOwn(arguments: [String]) throws {
        let result = try Self.run(arguments)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("USAGE: coursebrowser upload [BACKEND] --course ID FILE…\n"), "\(result.stdout)")
        #expect(result.stdout.contains("\n  --course ID "))
        #expect(!result.stdout.contains("--json"))
        #expect(!result.stdout.contains("KEYS"), "no keys: the browser's alone")
        #expect(result.stderr.isEmpty)
    }

    /// The version and the commit the binary was built from, which for a build of this
    /// checkout is its HEAD, and "unknown" where there is no checkout to read it from.
    @Test func versionNamesTheCommitItWasBuiltFrom() throws {
        let result = try Self.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        let match = try #require(result.stdout.wholeMatch(of: /coursebrowser \d+\.\d+\.\d+ \(([0-9a-f]{7,}|unknown)\)\n/), "\(result.stdout)")
        let commit = String(match.1)
        guard let head = Self.checkoutHead() else {
            #expect(commit == "unknown")
            return
        }
        #expect(head.hasPrefix(commit), "built from \(commit), the checkout is at \(head): build again after committing")
    }

    /// The full commit of the checkout these tests are in, if they are in one and git is here.
    static func checkoutHead() -> String? {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        guard let git = Command.which("git"),
              let top = try? Command.run(git, ["-C", root.path, "rev-parse", "--show-toplevel"], environment: ProcessInfo.processInfo.environment),
              top.status == 0,
              URL(fileURLWithPath: top.stdout.trimmingCharacters(in: .whitespacesAndNewlines)).resolvingSymlinksInPath() == root.resolvingSymlinksInPath(),
              let head = try? Command.run(git, ["-C", root.path, "rev-parse", "HEAD"], environment: ProcessInfo.processInfo.environment),
              head.status == 0
        else { return nil }
        return head.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func withoutATerminalItRefusesToStart() throws {
        let result = try Self.run([])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("coursebrowser: needs a terminal"))
    }
}
