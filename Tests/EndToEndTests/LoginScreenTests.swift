import FakeCanvasKit
import Foundation
import Glibc
import Testing

/// What a person sees of logins in a terminal: the token typed without echo, the start that
/// opens the saved Canvas, the row that says to log in again, and the sample's hint.
@Suite(.serialized) struct LoginScreenTests {
    static let hint = "Sample courses — run coursebrowser login to see yours"

    @Test func theTokenIsTypedWithoutEchoAndAPlainStartThenOpensThatCanvas() async throws {
        let server = try FakeCanvasServer()
        defer { server.stop() }
        let tmux = try await TmuxSession()
        defer { tmux.close() }
        try tmux.run(tmux.appCommand(["login", server.baseURL.absoluteString]) + #"; echo "exit=$?""#)
        try await tmux.waitFor("the token prompt") { $0.lastNonBlankLine == "Access token:" }
        try tmux.type(server.token)
        try await Task.sleep(for: .milliseconds(300))
        let typing = try await tmux.waitFor("the prompt, still without the token") { $0.lastNonBlankLine == "Access token:" }
        #expect(!typing.contains(server.token), "what is typed is not echoed")
        try tmux.press("Enter")
        let done = try await tmux.waitFor("the login") { $0.contains("exit=0") }
        #expect(done.contains("Logged in to 127.0.0.1:\(server.baseURL.port ?? 0) as Test User"))
        #expect(!done.contains(server.token))
        try tmux.run("clear")

        try tmux.launchApp()
        let list = try await tmux.waitFor(boxTitled: "Courses", "the saved Canvas's courses") { $0.contains("Art History 106") }
        #expect(!list.containsIgnoringWrapping(Self.hint))
        try tmux.press("q")
        #expect(try await tmux.waitForExit() == 0)
    }

    /// However the prompt is left, Ctrl-C or a signal sent from elsewhere, the terminal
    /// echoes again, the shell sees the signal, and nothing is saved.
    @Test(arguments: [("C-c", SIGINT), ("", SIGUSR1)])
    func aSignalAtTheTokenPromptLeavesEchoOnAndNothingSaved(key: String, signal: Int32) async throws {
        let tmux = try await TmuxSession()
        defer { tmux.close() }
        // Run alone: a shell drops the rest of a line whose command Ctrl-C ended, as it should.
        try tmux.run(tmux.appCommand(["login", "https://school.example"]))
        try await tmux.waitFor("the token prompt") { $0.lastNonBlankLine == "Access token:" }
        try tmux.type("half-a-tok")
        if key.isEmpty {
            kill(try tmux.appProcessID(), signal)
        } else {
            try tmux.press(key)
        }
        try await tmux.waitFor("the login to end") { $0.lastNonBlankLine == "$" }
        try tmux.run(#"echo "exit=$?""#)
        let ended = try await tmux.waitFor("the status of a death by that signal") { $0.contains("exit=\(128 + signal)") }
        #expect(!ended.contains("half-a-tok"), "what was typed of the token never reaches the shell: \(ended)")
        try tmux.run("clear; stty -a | tr ' ' '\\n' | grep -x -e echo -e -echo")
        let screen = try await tmux.waitFor("stty's answer") { $0.lines.contains("echo") || $0.lines.contains("-echo") }
        #expect(screen.lines.contains("echo") && !screen.lines.contains("-echo"), "\(screen)")
        #expect(!FileManager.default.fileExists(atPath: tmux.directory.appendingPathComponent(".config/coursebrowser/profiles/default.json").path))
    }

    @Test func aRejectedSavedTokenSaysToLogInAgainNamingTheProfile() async throws {
        let server = try FakeCanvasServer()
        defer { server.stop() }
        let tmux = try await TmuxSession()
        defer { tmux.close() }
        let environment = AppCommand.environment(token: nil, home: tmux.directory)
        let login = try AppCommand.run(["login", "--profile", "work", server.baseURL.absoluteString], environment: environment, input: server.token)
        #expect(login.status == 0, "\(login.stderr)")
        // Revoked since: Canvas now answers every course request as for a bad token.
        try await server.fault(#"{"match": "/api/v1/courses", "kind": "unauthenticated", "count": -1}"#)
        try tmux.launchApp(["--profile", "work"])
        let list = try await tmux.waitFor(boxTitled: "Courses", "the error row") { $0.containsIgnoringWrapping("[r]etry") }
        #expect(list.containsIgnoringWrapping("rejected the access token from the saved login (profile work)"), "\(list)")
        #expect(list.containsIgnoringWrapping("Run coursebrowser login --profile work again with a new one"), "\(list)")
        try tmux.press("q")
        #expect(try await tmux.waitForExit() == 0)
    }

    @Test func withNothingSetUpTheSampleOpensWithOneHintUnderTheList() async throws {
        let tmux = try await TmuxSession()
        defer { tmux.close() }
        try tmux.launchApp()
        let list = try await tmux.waitFor(boxTitled: "Courses", "the sample with its hint") { $0.contains("Lập trình Swift cơ bản") }
        #expect(list.containsIgnoringWrapping(Self.hint), "\(list)")
        #expect(list.lines.last?.trimmingCharacters(in: .whitespaces).hasSuffix("to see yours") == true, "the hint comes last: \(list.lines.suffix(3))")
        try tmux.press("q")
        #expect(try await tmux.waitForExit() == 0)

        let catalog = tmux.directory.appendingPathComponent("catalog.json")
        try Data(CatalogFileTests.validCatalog.utf8).write(to: catalog)
        try tmux.launchApp(["--catalog", catalog.path])
        let own = try await tmux.waitFor(boxTitled: "Courses", "the catalog's course") { $0.contains("Beekeeping for Beginners") }
        #expect(!own.containsIgnoringWrapping("Sample courses"), "a catalog of one's own needs no hint")
        try tmux.press("q")
        #expect(try await tmux.waitForExit() == 0)
    }
}
