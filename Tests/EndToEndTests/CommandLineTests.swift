import Foundation
import Testing

/// Options that never start the UI: usage errors, `--help`, `--version`.
///
/// These run the binary with Foundation's `Process` and pipes instead of a terminal.
@Suite struct CommandLineTests {
    /// Runs the app with `arguments`, stdin from /dev/null, and returns what it printed.
    static func run(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try AppBinary.path())
        process.arguments = arguments
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
        (["stray"], "unexpected argument 'stray'"),
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

    @Test func versionPrintsOneLineAndExits0() throws {
        let result = try Self.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout.wholeMatch(of: /coursebrowser \d+\.\d+\.\d+\n/) != nil, "\(result.stdout)")
        #expect(result.stderr.isEmpty)
    }

    @Test func withoutATerminalItRefusesToStart() throws {
        let result = try Self.run([])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("coursebrowser: needs a terminal"))
    }
}
