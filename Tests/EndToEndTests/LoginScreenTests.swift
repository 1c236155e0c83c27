import FakeCanvasKit
import Foundation
import Glibc
import Testing

/// What a person sees of logins in a terminal: the token typed without echo, the start that
/// opens the saved Canvas, the row that says to log in again, and the sample's hint.
@Suite(.serialized) struct LoginScreenTests {
    static let hint = "Sample courses · coursebrowser login shows yours"

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
        let screen = try await tmux.waitFor(text: "Canvas · 127.0.0.1:\(server.baseURL.port ?? 0) · Test User")
        #expect(screen.lines.contains { $0.hasPrefix("└─ Canvas · 127.0.0.1:") }, "the site and its user in the queue's border: \(screen)")
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

    /// What a profile's Canvas answers is saved in that profile's own cache folder, and a
    /// start under the default profile shows none of it.
    @Test func eachProfileKeepsItsSavedCopiesApart() async throws {
        let school = try FakeCanvasServer(token: "school-token")
        defer { school.stop() }
        let work = try FakeCanvasServer(token: "work-token", arguments: ["--courses", "3"])
        defer { work.stop() }
        let tmux = try await TmuxSession()
        defer { tmux.close() }
        let environment = AppCommand.environment(token: nil, home: tmux.directory)
        #expect(try AppCommand.run(["login", school.baseURL.absoluteString], environment: environment, input: school.token).status == 0)
        #expect(try AppCommand.run(["login", "--profile", "work", work.baseURL.absoluteString], environment: environment, input: work.token).status == 0)
        let cache = tmux.directory.appendingPathComponent(".cache/coursebrowser")
        func savedFiles(under folder: URL) -> [String] {
            let names = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
            return names.filter { $0.hasSuffix(".json") }
        }
        try tmux.launchApp(["--profile", "work"])
        try await tmux.waitFor(boxTitled: "Courses", "the work Canvas's courses") { $0.title.hasPrefix("Courses · Current · ") && !$0.contains("Loading") }
        try await eventually("the work answers saved") { !savedFiles(under: cache.appendingPathComponent("profiles/work")).isEmpty }
        try tmux.press("q")
        #expect(try await tmux.waitForExit() == 0)
        #expect(savedFiles(under: cache).allSatisfy { $0.hasPrefix("profiles/work/") }, "nothing of work's in the default profile's copies")

        // With the work Canvas down, the default profile's start shows its own Canvas, not work's saved list.
        try await work.control("POST", "/__control/down")
        try tmux.launchApp()
        try await tmux.waitFor(boxTitled: "Courses", "the school's courses") { $0.contains("Art History 106") }
        // The copy is written beside the drawing, not before it: on a busy machine it can come a moment later.
        try await eventually("the default profile's copies sit in its own folder") { savedFiles(under: cache).contains { !$0.hasPrefix("profiles/") } }
        try tmux.press("q")
        #expect(try await tmux.waitForExit() == 0)
    }

    @Test func withNothingSetUpTheSampleSaysHowToLogInWhereTheSiteGoes() async throws {
        let tmux = try await TmuxSession()
        defer { tmux.close() }
        try tmux.launchApp()
        let screen = try await tmux.waitFor("the sample with its hint") { $0.box("Courses · Current · 43")?.contains("Lập trình Swift cơ bản") == true }
        #expect(screen.lines.contains { $0.hasPrefix("└─ \(Self.hint) ─") }, "in the queue's bottom border: \(screen)")
        #expect(screen.box("Courses · Current · 43")?.containsIgnoringWrapping("Sample courses") == false, "no row of the list taken")
        try tmux.press("q")
        #expect(try await tmux.waitForExit() == 0)

        let catalog = tmux.directory.appendingPathComponent("catalog.json")
        try Data(CatalogFileTests.validCatalog.utf8).write(to: catalog)
        try tmux.launchApp(["--catalog", catalog.path])
        let own = try await tmux.waitFor(boxTitled: "Courses", "the catalog's course") { $0.contains("Beekeeping for Beginners") }
        #expect(!own.containsIgnoringWrapping("Sample courses"), "a catalog of one's own needs no hint")
        #expect(try await tmux.waitFor(text: "Catalog · catalog.json").lines.contains { $0.hasPrefix("└─ Catalog · catalog.json ─") })
        try tmux.press("q")
        #expect(try await tmux.waitForExit() == 0)
    }
}
