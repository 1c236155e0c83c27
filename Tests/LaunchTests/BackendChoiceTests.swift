import Canvas
import CourseKit
import Foundation
@testable import Launch
import Testing
import TestSupport

/// Which Canvas and which token a start uses: the command line and the environment first,
/// for scripts, then the profile's saved login; and a saved token only ever for its Canvas.
struct BackendChoiceTests {
    let scratch: ScratchFolder
    let store: LoginStore

    init() throws {
        scratch = try ScratchFolder()
        store = LoginStore(directory: scratch.url)
        try store.save(SavedLogin(canvasURL: try #require(URL(string: "https://saved.example")), token: "saved-token"), for: .standard)
        try store.save(SavedLogin(canvasURL: try #require(URL(string: "https://work.example")), tokenCommand: "printf work-token"), for: try ProfileName("work"))
    }

    func choose(_ arguments: [String], _ environment: [String: String] = [:]) throws -> (url: String, credentials: AccessCredentials)? {
        let options = try LaunchOptions.parse(arguments)
        guard case let .canvas(url, credentials) = try Backend.choose(options: options, processEnvironment: environment, clock: .live, logins: store) else {
            return nil
        }
        return (url.absoluteString, credentials)
    }

    @Test func aPlainStartOpensTheSavedLoginsCanvasWithItsToken() throws {
        defer { scratch.remove() }
        let chosen = try #require(try choose([]))
        #expect(chosen.url == "https://saved.example")
        #expect(chosen.credentials == AccessCredentials(token: "saved-token", source: "the saved login (profile default)", renewal: "coursebrowser login"))
    }

    @Test func aProfilesTokenCommandIsRunForItsToken() throws {
        defer { scratch.remove() }
        let chosen = try #require(try choose(["--profile", "work"], ["PATH": "/usr/bin:/bin"]))
        #expect(chosen.url == "https://work.example")
        #expect(chosen.credentials == AccessCredentials(token: "work-token", source: "the token command of profile work"),
                "a token a command keeps is made new where it is kept, so no login is suggested")
    }

    @Test func canvasURLAndCanvasTokenOverrideTheSavedLogin() throws {
        defer { scratch.remove() }
        #expect(try choose([], ["CANVAS_TOKEN": "env-token"])?.credentials.token == "env-token")
        #expect(try choose(["--canvas", "https://saved.example"])?.credentials.token == "saved-token", "the same Canvas keeps its saved token")
        let other = try choose([], ["CANVAS_URL": "https://other.example", "CANVAS_TOKEN": "env-token"])
        #expect(other?.url == "https://other.example")
        #expect(other?.credentials.source == "CANVAS_TOKEN")
    }

    @Test func aSavedTokenIsNeverSentToAnotherCanvas() throws {
        defer { scratch.remove() }
        let saved = try #require(URL(string: "https://saved.example"))
        let other = try #require(URL(string: "https://other.example"))
        let elsewhere = SetupError.loginIsForAnotherSite(.standard, saved: saved, chosen: other)
        #expect(throws: elsewhere) { try choose(["--canvas", "https://other.example"]) }
        #expect(throws: elsewhere) { try choose([], ["CANVAS_URL": "https://other.example"]) }
        #expect(throws: elsewhere) { try choose(["--course", "https://other.example/courses/5"]) }
        #expect(elsewhere.userMessage == "Profile default is logged in to https://saved.example, not https://other.example;"
            + " log in to it under a profile of its own (coursebrowser login --profile NAME https://other.example), or give its token")
    }

    @Test func aCanvasAndTokenGivenOutrightNeverReadTheSavedLogin() throws {
        defer { scratch.remove() }
        let file = store.file(for: .standard)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
        #expect(throws: LoginFileError.self, "a plain start does read it, and refuses it") { try choose([]) }
        let scripted = try choose([], ["CANVAS_URL": "https://other.example", "CANVAS_TOKEN": "env-token"])
        #expect(scripted?.credentials.source == "CANVAS_TOKEN")
        #expect(try choose(["--canvas", "https://other.example", "--token-command", "printf t"], ["PATH": "/usr/bin:/bin"])?.credentials.token == "t")
    }

    @Test func aCatalogNeedsNoLoginAndANamedProfileWithoutOneIsAnError() throws {
        defer { scratch.remove() }
        #expect(try choose(["--catalog", "/nonexistent.json"]) == nil)
        #expect(throws: SetupError.noLogin(try ProfileName("school"))) { try choose(["--profile", "school"]) }
        #expect(SetupError.noLogin(try ProfileName("school")).userMessage == "Profile school is not logged in; run coursebrowser login --profile school")
    }

    /// What a site needs (libcurl) is set going before the token is resolved, which a token
    /// command may make slow: even a token that can't be read finds it already asked for.
    @Test func aSiteIsAnnouncedBeforeItsTokenIsResolvedAndACatalogIsNot() throws {
        defer { scratch.remove() }
        var announced = 0
        let missing = try LaunchOptions.parse(["--canvas", "https://school.example", "--token-file", scratch.url.appendingPathComponent("absent").path])
        #expect(throws: (any Error).self) {
            try Backend.choose(options: missing, processEnvironment: [:], clock: .live, logins: store) { announced += 1 }
        }
        #expect(announced == 1)
        let site = try Backend.choose(options: LaunchOptions(), processEnvironment: [:], clock: .live, logins: store) { announced += 1 }
        #expect(site.kind == .canvas)
        #expect(announced == 2)
        let catalog = try LaunchOptions.parse(["--catalog", scratch.url.appendingPathComponent("catalog.json").path])
        _ = try? Backend.choose(options: catalog, processEnvironment: [:], clock: .live, logins: store) { announced += 1 }
        let empty = LoginStore(directory: scratch.url.appendingPathComponent("none"))
        _ = try Backend.choose(options: LaunchOptions(), processEnvironment: [:], clock: .live, logins: empty) { announced += 1 }
        #expect(announced == 2, "neither a catalog nor the sample is a site")
    }

    @Test func withNothingSavedTheDefaultProfileShowsTheSample() throws {
        defer { scratch.remove() }
        let empty = LoginStore(directory: scratch.url.appendingPathComponent("none"))
        let backend = try Backend.choose(options: LaunchOptions(), processEnvironment: [:], clock: .live, logins: empty)
        guard case .offline(_, isSample: true) = backend else {
            Issue.record("the sample, marked as such, not \(backend)")
            return
        }
    }

    @Test func theScreenNamesItsSiteAndTheSampleHowToLogIn() throws {
        defer { scratch.remove() }
        let home = scratch.url.appendingPathComponent("home").path
        let sample = try LiveEnvironment.make(options: LaunchOptions(), processEnvironment: ["HOME": home])
        #expect(sample.environment.siteLabel == "Sample courses · coursebrowser login shows yours")
        let catalog = try LiveEnvironment.make(options: LaunchOptions(catalogPath: "/nonexistent.json"), processEnvironment: ["HOME": home])
        #expect(catalog.environment.siteLabel == "Catalog · nonexistent.json")
        let canvas = try LiveEnvironment.make(
            options: LaunchOptions.parse(["--canvas", "https://school.instructure.com", "--profile", "work"]),
            processEnvironment: ["HOME": home, "CANVAS_TOKEN": "t0k"]
        )
        #expect(canvas.environment.siteLabel == "Canvas · school.instructure.com · profile work")
    }

    @Test func theScreenNamesTheUserTheSavedLoginOfThatSiteIsFor() throws {
        defer { scratch.remove() }
        let home = scratch.url.appendingPathComponent("home").path
        let logins = LoginStore(directory: URL(fileURLWithPath: home).appendingPathComponent(".config/coursebrowser"))
        let site = try #require(URL(string: "https://school.instructure.com"))
        try logins.save(SavedLogin(canvasURL: site, token: "t0k", userName: "Ada Lovelace"), for: .standard)
        let saved = try LiveEnvironment.make(options: LaunchOptions(), processEnvironment: ["HOME": home])
        #expect(saved.environment.siteLabel == "Canvas · school.instructure.com · Ada Lovelace")
        let other = try LiveEnvironment.make(
            options: LaunchOptions.parse(["--canvas", "https://other.instructure.com"]), processEnvironment: ["HOME": home, "CANVAS_TOKEN": "t1"]
        )
        #expect(other.environment.siteLabel == "Canvas · other.instructure.com", "the saved user is another site's")
    }
}
