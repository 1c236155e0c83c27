import FakeMoodleKit
import Foundation
import Glibc
import Testing

/// `coursebrowser login --moodle URL` against the fake Moodle: the site is asked how it wants to
/// be logged in to, a token is got that way and checked, and only the token is kept.
@Suite(.serialized) struct MoodleLoginTests {
    @Test func aUsernameAndPasswordGiveATokenWhichIsSavedPrivatelyWithoutThePassword() async throws {
        let server = try FakeMoodleServer()
        defer { server.stop() }
        let home = try MoodleHome(server)
        let result = try home.run(["login", "--moodle", home.site], input: "  SV2026001 \n\(FakeMoodleServer.password)\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Logged in to Moodle at \(home.host) (Trường Đại học Mở & Công nghệ) as Nguyễn Văn An\nSaved the token in \(home.login.path)\n")
        let mode = try #require(FileManager.default.attributesOfItem(atPath: home.login.path)[.posixPermissions] as? Int)
        #expect(mode == 0o600)
        let saved = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: home.login)) as? [String: String])
        #expect(saved == ["kind": "moodle", "moodle_url": home.site, "token": server.token, "user_name": "Nguyễn Văn An"])
        #expect(home.files(containing: FakeMoodleServer.password).isEmpty, "the password is kept nowhere")
        let requests = try await server.requests()
        #expect(requests.first?.path.hasPrefix("/lib/ajax/service-nologin.php") == true, "the site is asked how to log in first")
        #expect(requests.contains { $0.path.hasPrefix("/login/token.php") && !$0.path.contains("password") }, "the password goes in the form")

        let status = try home.run(["status"])
        #expect(status.status == 0, "\(status.stderr)")
        #expect(status.stdout.hasPrefix("Logged in to Moodle at \(home.host) (Trường Đại học Mở & Công nghệ, Moodle 4.5.5+ (Build: 20250613)) as Nguyễn Văn An\n"), "\(status.stdout)")
        #expect(status.stdout.contains("Token from the saved login (profile default)"))
        let logout = try home.run(["logout"])
        #expect(logout.status == 0 && !FileManager.default.fileExists(atPath: home.login.path))
    }

    /// Each says what is wrong in one line, exits 1, and saves nothing.
    @Test(arguments: [
        ("a wrong password", #"{}"#, "sv2026001\nwrong\n", "{host} refused the username or password"),
        ("the mobile service off", #"{"enablemobilewebservice": false}"#, "", "{host} has the Moodle app's web service turned off, so no app can log in; ask the site's administrators to enable it (Site administration → General → Mobile app)"),
        ("maintenance", #"{"maintenance": true, "maintenance_message": "Nâng cấp hệ thống đến 18:00"}"#, "", "{host} is in maintenance: Nâng cấp hệ thống đến 18:00"),
        ("no password", #"{}"#, "sv2026001\n", "login needs the password; nothing was saved"),
    ])
    func aLoginThatFailsSavesNothing(case name: String, config: String, input: String, message: String) async throws {
        let server = try FakeMoodleServer()
        defer { server.stop() }
        try await server.configure(config)
        let home = try MoodleHome(server)
        let result = try home.run(["login", "--moodle", home.site], input: input)
        #expect(result.status == 1, "\(name): \(result.stderr)")
        #expect(result.stderr == "coursebrowser: \(message.replacingOccurrences(of: "{host}", with: home.host))\n", "\(name)")
        #expect(!FileManager.default.fileExists(atPath: home.login.path), "\(name): nothing saved")
    }

    @Test func aWebPageWhereTheSiteShouldAnswerIsNotTakenForMoodle() async throws {
        let server = try FakeMoodleServer()
        defer { server.stop() }
        try await server.fault(#"{"match": "service-nologin", "kind": "html", "count": -1}"#)
        let home = try MoodleHome(server)
        let result = try home.run(["login", "--moodle", home.site + "/moodle"], input: "")
        #expect(result.status == 1)
        #expect(result.stderr == "coursebrowser: \(home.site)/moodle doesn't answer as a Moodle site does; check the site address\n")
    }

    @Test func aTokenFromSecurityKeysCanBePastedInstead() async throws {
        let server = try FakeMoodleServer()
        defer { server.stop() }
        let home = try MoodleHome(server)
        let result = try home.run(["login", "--moodle", home.site], input: "\n\(server.token)\n")
        #expect(result.status == 0, "\(result.stderr)")
        let saved = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: home.login)) as? [String: String])
        #expect(saved["token"] == server.token)
        let calls = try await server.requests().filter { $0.path.hasPrefix("/login/token.php") }
        #expect(calls.isEmpty, "no password was asked for")
    }

    /// Single sign-on: the site's launch address is shown, a signed-in browser (curl, here)
    /// follows it to `moodlemobile://token=…`, and that address pasted back logs in.
    @Test func singleSignOnTakesTheAddressTheBrowserEndsAt() async throws {
        let server = try FakeMoodleServer()
        defer { server.stop() }
        try await server.configure(#"{"typeoflogin": 2}"#)
        let tmux = try await TmuxSession(width: 200, height: 40)
        defer { tmux.close() }
        try tmux.launchApp(["login", "--moodle", server.baseURL.absoluteString])
        let shown = try await tmux.waitFor(text: "Address or token:")
        let launch = try #require(shown.text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.first { $0.contains("/admin/tool/mobile/launch.php?") })
        let curl = try #require(Command.which("curl"), "curl is not installed")
        let followed = try Command.run(curl, ["-s", "-o", "/dev/null", "-w", "%{redirect_url}", launch], environment: ["PATH": "/usr/bin:/bin"])
        #expect(followed.stdout.hasPrefix("moodlemobile://token="), "\(followed.stdout)")
        try tmux.type(followed.stdout)
        try tmux.press("Enter")
        #expect(try await tmux.waitForExit() == 0)
        let screen = try await tmux.waitFor(text: "Logged in to Moodle at")
        #expect(screen.contains("as Nguyễn Văn An"))
        #expect(!screen.contains(server.token), "the pasted address was not echoed")
        let saved = try Data(contentsOf: tmux.directory.appendingPathComponent(".config/coursebrowser/profiles/default.json"))
        #expect(String(decoding: saved, as: UTF8.self).contains(server.token))
    }

    @Test func anAddressMadeForAnotherLoginIsRefused() async throws {
        let server = try FakeMoodleServer()
        defer { server.stop() }
        try await server.configure(#"{"typeoflogin": 3}"#)
        let home = try MoodleHome(server)
        // Signed with another passport than this login's: a link from someone else, or an old one.
        let stale = "moodlemobile://token=" + Data("0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f:::\(server.token)".utf8).base64EncodedString()
        let result = try home.run(["login", "--moodle", home.site], input: stale + "\n")
        #expect(result.status == 1)
        #expect(result.stderr.hasSuffix("coursebrowser: That address was not made for this login to this site (its signature doesn't match); start the login again\n"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: home.login.path))
    }
}
