import FakeCanvasKit
import Foundation
import Glibc
import Testing

/// `coursebrowser login`, `logout` and profiles, end to end against the fake Canvas: what is
/// saved, where, with which modes, and what each start does with it.
@Suite(.serialized) struct LoginTests {
    /// A home directory of its own for one test, removed when the test ends.
    final class Home {
        let url: URL

        init() throws {
            url = FileManager.default.temporaryDirectory.appendingPathComponent("cb-login-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        }

        deinit {
            try? FileManager.default.removeItem(at: url)
        }

        var environment: [String: String] { AppCommand.environment(token: nil, home: url) }
        var config: URL { url.appendingPathComponent(".config/coursebrowser") }

        func login(_ profile: String = "default") -> URL {
            config.appendingPathComponent("profiles/\(profile).json")
        }

        func run(_ arguments: [String], input: String? = nil) throws -> CommandResult {
            try AppCommand.run(arguments, environment: environment, input: input)
        }

        /// Every file under this home whose bytes contain `text`.
        func files(containing text: String) -> [String] {
            let names = FileManager.default.enumerator(atPath: url.path)?.compactMap { $0 as? String } ?? []
            return names.filter { name in
                let contents = FileManager.default.contents(atPath: url.appendingPathComponent(name).path) ?? Data()
                return contents.range(of: Data(text.utf8)) != nil
            }
        }
    }

    static func mode(_ url: URL) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int)
    }

    static func hostAndPort(_ server: FakeCanvasServer) -> String {
        "\(server.baseURL.host ?? "")\(server.baseURL.port.map { ":\($0)" } ?? "")"
    }

    @Test func aGoodTokenIsCheckedSavedPrivatelyAndNamed() async throws {
        let server = try FakeCanvasServer()
        defer { server.stop() }
        try await server.configure(#"{"user_name": "Nguyễn Văn A"}"#)
        let home = try Home()
        let result = try home.run(["login", server.baseURL.absoluteString], input: server.token + "\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Logged in to \(Self.hostAndPort(server)) as Nguyễn Văn A\nSaved the token in \(home.login().path)\n")
        #expect(try Self.mode(home.config) == 0o700)
        #expect(try Self.mode(home.config.appendingPathComponent("profiles")) == 0o700)
        #expect(try Self.mode(home.login()) == 0o600)
        let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: home.login())) as? [String: String]
        #expect(saved?["canvas_url"] == server.baseURL.absoluteString)
        #expect(saved?["token"] == server.token)
        let checked = try await server.requests().filter { $0.path == "/api/v1/users/self" }
        #expect(checked.count == 1 && checked.allSatisfy(\.auth_valid), "the token was checked once, with Canvas")
    }

    @Test func aConfigDirectoryMadeLooserBeforeIsMadePrivate() async throws {
        let server = try FakeCanvasServer()
        defer { server.stop() }
        let home = try Home()
        try FileManager.default.createDirectory(at: home.config, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        let result = try home.run(["login", server.baseURL.absoluteString], input: server.token + "\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Self.mode(home.config) == 0o700)
    }

    /// Each says what is wrong in one line, exits 1 (2 for a URL that can't be one), and leaves
    /// no login and no trace of the token behind.
    @Test(arguments: [
        ("a rejected token", "{server}", "wrong-token", 1, "{host} rejected the access token: it is wrong, expired or revoked. Make a new one in Canvas under Account → Settings → New Access Token"),
        ("a URL that is not Canvas", "{server}/not/canvas", "{token}", 1, "{server}/not/canvas doesn't answer as Canvas does; check the Canvas URL"),
        ("an unreachable host", "http://127.0.0.1:1", "{token}", 1, "Can't reach http://127.0.0.1:1; check the URL and the network"),
        ("plain http to another machine", "http://school.example", "{token}", 2, "login uses plain http, which would send your access token unencrypted; use https://school.example"),
        ("no token", "{server}", "", 1, "login needs an access token; nothing was saved"),
        ("a token with a control character", "{server}", "{token}\u{1B}[201~", 1,
         "The access token from standard input has a control character in it (a line break, say), so it was not sent; an access token is a single line"),
    ])
    func aLoginThatFailsSavesNothing(case name: String, url: String, token: String, status: Int32, message: String) async throws {
        let server = try FakeCanvasServer()
        defer { server.stop() }
        let home = try Home()
        func fill(_ text: String) -> String {
            text.replacingOccurrences(of: "{server}", with: server.baseURL.absoluteString)
                .replacingOccurrences(of: "{host}", with: Self.hostAndPort(server))
                .replacingOccurrences(of: "{token}", with: server.token)
        }
        let typed = fill(token)
        let result = try home.run(["login", fill(url)], input: typed + "\n")
        #expect(result.status == status, "\(name): \(result.stderr)")
        #expect(result.stdout.isEmpty, "\(name)")
        let expected = "coursebrowser: \(fill(message))\n" + (status == 2 ? "Try 'coursebrowser --help' for usage.\n" : "")
        #expect(result.stderr == expected, "\(name)")
        #expect(!FileManager.default.fileExists(atPath: home.login().path), "\(name): nothing saved")
        if !typed.isEmpty {
            #expect(home.files(containing: typed).isEmpty, "\(name): the token is nowhere on disk")
        }
    }

    @Test func aTokenCommandIsRunEachStartAndWhatItPrintsIsNeverWritten() async throws {
        let server = try FakeCanvasServer()
        defer { server.stop() }
        let home = try Home()
        let secret = home.url.appendingPathComponent("secret-store")
        try Data((server.token + "\n").utf8).write(to: secret)
        let command = "cat \(secret.path.shellQuoted)"
        let login = try home.run(["login", server.baseURL.absoluteString, "--token-command", command])
        #expect(login.status == 0, "\(login.stderr)")
        #expect(login.stdout.hasSuffix("Saved the token command (not its token) in \(home.login().path)\n"))
        let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: home.login())) as? [String: String]
        #expect(saved?["token_command"] == command)
        #expect(saved?["token"] == nil)

        let file = home.url.appendingPathComponent("notes.txt")
        try Data("notes".utf8).write(to: file)
        let log = home.url.appendingPathComponent("events.jsonl")
        #expect(try home.run(["upload", "--course", "43", file.path, "--event-log", log.path]).status == 0)
        let drained = try home.run(["drain", "--timeout", "60", "--event-log", log.path])
        #expect(drained.status == 0, "\(drained.stdout) \(drained.stderr)")
        #expect(try await server.files().map(\.name) == ["notes.txt"], "uploaded with the command's token")
        #expect(try await server.requests().filter { $0.path.hasPrefix("/api/") }.allSatisfy(\.auth_valid))
        try FileManager.default.removeItem(at: secret)
        #expect(home.files(containing: server.token).isEmpty, "the token is in no file: not the login, the queue, the log or a saved copy")
        for output in [login.stdout, login.stderr, drained.stdout, drained.stderr] {
            #expect(!output.contains(server.token))
        }
    }

    @Test func aTokenCommandThatFailsIsShownAndNothingIsSaved() throws {
        let home = try Home()
        let result = try home.run(["login", "https://school.example", "--token-command", "echo 'no such entry' >&2; exit 3"])
        #expect(result.status == 1)
        #expect(result.stderr == "no such entry\ncoursebrowser: The token command 'echo 'no such entry' >&2; exit 3' gave no token: exit status 3\n")
        #expect(!FileManager.default.fileExists(atPath: home.login().path))
    }

    @Test func aTokenCommandPrintingAControlCharacterIsNotSaved() async throws {
        let server = try FakeCanvasServer()
        defer { server.stop() }
        let home = try Home()
        let result = try home.run(["login", server.baseURL.absoluteString, "--token-command", "printf '\(server.token)\\tX'"])
        #expect(result.status == 1)
        #expect(result.stderr == "coursebrowser: The access token from --token-command has a control character in it (a line break, say),"
            + " so it was not sent; an access token is a single line\n", "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: home.login().path))
        #expect(try await server.requests().isEmpty, "not even checked with Canvas")
    }

    /// A login edited by hand into a token of two lines is refused at start, with the command
    /// that saves a new one, and nothing is sent.
    @Test func aSavedTokenWithALineBreakIsRefusedAtStart() async throws {
        let server = try FakeCanvasServer()
        defer { server.stop() }
        let home = try Home()
        #expect(try home.run(["login", server.baseURL.absoluteString], input: server.token + "\n").status == 0)
        let edited = #"{"canvas_url": "\#(server.baseURL.absoluteString)", "token": "\#(server.token)\r\nX-Injected: 1"}"#
        try Data(edited.utf8).write(to: home.login())
        let checked = try await server.requests().count
        let result = try home.run(["queue"])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "coursebrowser: The access token from the saved login (profile default) has a control character in it"
            + " (a line break, say), so it was not sent; an access token is a single line; run coursebrowser login to save a new one\n",
            "\(result.stderr)")
        #expect(try await server.requests().count == checked, "nothing was sent")
        #expect(try home.run(["login", server.baseURL.absoluteString], input: server.token + "\n").status == 0, "a new login replaces it")
        #expect(try home.run(["queue"]).status == 0)
    }

    @Test func profilesKeepTheirQueuesApartAndEachSendsOnlyToItsOwnCanvas() async throws {
        let school = try FakeCanvasServer(token: "school-token")
        defer { school.stop() }
        let work = try FakeCanvasServer(token: "work-token")
        defer { work.stop() }
        let home = try Home()
        #expect(try home.run(["login", school.baseURL.absoluteString], input: school.token).status == 0)
        #expect(try home.run(["login", "--profile", "work", work.baseURL.absoluteString], input: work.token).status == 0)
        let file = home.url.appendingPathComponent("essay.txt")
        try Data("essay".utf8).write(to: file)
        #expect(try home.run(["upload", "--course", "43", file.path]).status == 0)

        #expect(try home.run(["queue", "--profile", "work"]).stdout == "Nothing queued.\n")
        #expect(try home.run(["drain", "--profile", "work", "--timeout", "30"]).status == 0)
        #expect(try await work.files().isEmpty, "the default profile's job is not sent with the work profile")
        #expect(try home.run(["queue"]).stdout.contains("essay.txt"))
        #expect(try home.run(["drain", "--timeout", "60"]).status == 0)
        #expect(try await school.files().map(\.name) == ["essay.txt"])
        #expect(try await work.requests().allSatisfy { !$0.path.contains("/files") })
    }

    @Test func logoutForgetsTheTokenAndSaysWhereItWas() async throws {
        let server = try FakeCanvasServer()
        defer { server.stop() }
        let home = try Home()
        #expect(try home.run(["login", "--profile", "work", server.baseURL.absoluteString], input: server.token).status == 0)
        let result = try home.run(["logout", "--profile", "work"])
        #expect(result.status == 0)
        #expect(result.stdout == "Logged out of \(Self.hostAndPort(server)) (profile work): forgot the token saved in \(home.login("work").path)\n")
        #expect(!FileManager.default.fileExists(atPath: home.login("work").path))
        #expect(home.files(containing: server.token).isEmpty)
        let again = try home.run(["logout", "--profile", "work"])
        #expect(again.stdout == "Profile work has no saved login (nothing at \(home.login("work").path))\n")
        let named = try home.run(["queue", "--profile", "work"])
        #expect(named.status == 1)
        #expect(named.stderr.hasPrefix("coursebrowser: Profile work is not logged in; run coursebrowser login --profile work\n"))
    }

    @Test func theEnvironmentOverridesTheSavedLoginAndASavedTokenGoesOnlyToItsCanvas() async throws {
        let saved = try FakeCanvasServer(token: "saved-token")
        defer { saved.stop() }
        let other = try FakeCanvasServer(token: "other-token")
        defer { other.stop() }
        let home = try Home()
        #expect(try home.run(["login", saved.baseURL.absoluteString], input: saved.token).status == 0)
        var environment = home.environment
        environment["CANVAS_URL"] = other.baseURL.absoluteString
        let withoutToken = try AppCommand.run(["queue"], environment: environment)
        #expect(withoutToken.status == 1)
        #expect(withoutToken.stderr.hasPrefix("coursebrowser: Profile default is logged in to \(saved.baseURL.absoluteString), not \(other.baseURL.absoluteString);"),
                "the saved token is not sent to another Canvas: \(withoutToken.stderr)")
        environment["CANVAS_TOKEN"] = other.token
        let file = home.url.appendingPathComponent("a.txt")
        try Data("a".utf8).write(to: file)
        #expect(try AppCommand.run(["upload", "--course", "43", file.path], environment: environment).status == 0)
        #expect(try AppCommand.run(["drain", "--timeout", "60"], environment: environment).status == 0)
        #expect(try await other.files().map(\.name) == ["a.txt"])
        #expect(try await other.requests().filter { $0.path.hasPrefix("/api/") }.allSatisfy(\.auth_valid))
        #expect(try await saved.requests().allSatisfy { $0.path == "/api/v1/users/self" }, "only login's check went to the saved Canvas")
    }
}
