import Canvas
import Foundation
import Testing
import CourseKit
import HTTP
@testable import Launch
import TestSupport

struct LiveEnvironmentTests {
    /// A login store with nothing in it.
    static let noLogins = LoginStore(directory: URL(fileURLWithPath: "/nonexistent/coursebrowser"))

    /// The token with only `--token-file` (or nothing) given and no saved login.
    static func resolve(tokenFile: String?, environment: [String: String]) throws -> AccessCredentials {
        try AccessToken.resolve(options: LaunchOptions(tokenFile: tokenFile), environment: environment, login: nil, profile: .standard)
    }

    @Test func canvasWithoutATokenIsAClearErrorBeforeTheUIStarts() {
        let options = LaunchOptions(canvasURL: URL(string: "https://school.example"))
        #expect(throws: SetupError.missingToken(.canvas)) {
            try LiveEnvironment.make(options: options, processEnvironment: ["HOME": "/nonexistent"])
        }
    }

    @Test func canvasURLFromTheEnvironmentSelectsCanvasToo() {
        #expect(throws: SetupError.missingToken(.canvas)) {
            try LiveEnvironment.make(options: LaunchOptions(), processEnvironment: ["CANVAS_URL": "https://school.example", "HOME": "/nonexistent"])
        }
        #expect(throws: UsageError("CANVAS_URL needs a URL like https://school.instructure.com, not 'nope'")) {
            try LiveEnvironment.make(options: LaunchOptions(), processEnvironment: ["CANVAS_URL": "nope", "HOME": "/nonexistent"])
        }
    }

    @Test func aCourseAddressNamesTheCanvasOnlyWhenNoOtherIsGiven() throws {
        let link = try LaunchOptions.parse(["--course", "https://b.example/courses/5"])
        let token = ["CANVAS_TOKEN": "t0ken"]
        guard case let .canvas(url, _) = try Backend.choose(options: link, processEnvironment: token, clock: .live, logins: Self.noLogins) else {
            Issue.record("a course address with no other Canvas chooses its Canvas")
            return
        }
        #expect(url == URL(string: "https://b.example"))
        let elsewhere = UsageError(
            "--course names a course on https://b.example, but the Canvas is https://a.example (from CANVAS_URL); give that Canvas's course address or its ID"
        )
        #expect(throws: elsewhere) { try Backend.choose(options: link, processEnvironment: token.merging(["CANVAS_URL": "https://a.example"]) { $1 }, clock: .live, logins: Self.noLogins) }
        let both = try LaunchOptions.parse(["--course", "https://b.example/courses/5", "--canvas", "https://a.example"])
        #expect(throws: UsageError.self, "the token for a.example is never sent to b.example") { try Backend.choose(options: both, processEnvironment: token, clock: .live, logins: Self.noLogins) }
        let same = try LaunchOptions.parse(["--course", "https://a.example/courses/5/modules", "--canvas", "https://A.example/"])
        #expect(throws: Never.self) { try Backend.choose(options: same, processEnvironment: token, clock: .live, logins: Self.noLogins) }
    }

    @Test func aCatalogFileWinsOverCanvasURLInTheEnvironment() throws {
        let options = LaunchOptions(catalogPath: "/nonexistent/catalog.json")
        _ = try LiveEnvironment.make(options: options, processEnvironment: ["CANVAS_URL": "https://school.example", "HOME": "/nonexistent"])
    }

    /// A token file only its owner can read, as `umask 077` makes it.
    func privateTokenFile(_ contents: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("token-\(UUID().uuidString)").path
        try Data(contents.utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        return path
    }

    @Test func theTokenFileIsReadAndTrimmedAndNamedAsTheSource() throws {
        let path = try privateTokenFile("  1~abc\n")
        #expect(try Self.resolve(tokenFile: path, environment: ["CANVAS_TOKEN": "other"])
            == AccessCredentials(token: "1~abc", source: "--token-file \(path)"))
        #expect(try Self.resolve(tokenFile: nil, environment: ["CANVAS_TOKEN": " 2~def "])
            == AccessCredentials(token: "2~def", source: "CANVAS_TOKEN"))
        try Data("\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: SetupError.emptyTokenFile(path: path)) { try Self.resolve(tokenFile: path, environment: [:]) }
        #expect(throws: SetupError.unreadableTokenFile(path: "/nonexistent/t", reason: "no such file")) {
            try Self.resolve(tokenFile: "/nonexistent/t", environment: [:])
        }
    }

    @Test(arguments: [0o644, 0o640, 0o604, 0o660])
    func aTokenFileOthersCanReadIsRefusedWithTheFix(mode: Int) throws {
        let path = try privateTokenFile("1~abc")
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
        let expected = SetupError.tokenFileNotPrivate(path: path, mode: UInt32(mode))
        #expect(throws: expected) { try Self.resolve(tokenFile: path, environment: [:]) }
        #expect(expected.userMessage == "Token file \(path) can be read by other users (mode \(String(mode, radix: 8))); run: chmod 600 \(path)")
    }

    @Test func aMissingTokenSaysWhereATokenComesFrom() {
        #expect(SetupError.missingToken(.canvas).userMessage
            == "Canvas needs an access token: run coursebrowser login, set CANVAS_TOKEN, or pass --token-file PATH or --token-command CMD")
    }
}

/// What a Canvas run keeps of Canvas's answers is on disk before the process exits.
struct LiveEnvironmentExitTests {
    @Test func preparingToExitWaitsForEveryKeptAnswer() async throws {
        let home = try ScratchFolder()
        defer { home.remove() }
        let options = try LaunchOptions.parse(["status", "--canvas", "https://school.example"])
        let services = try LiveEnvironment.make(options: options, processEnvironment: ["HOME": home.url.path, "CANVAS_TOKEN": "t0ken"])
        let store = try #require(services.validators, "a Canvas run keeps answers to ask whether they changed")
        let answer = StoredAnswer(validators: Validators(etag: "\"e\""), headers: [:], body: Data(repeating: 42, count: 200_000))
        let keys = (0..<100).map { "answer-\($0)" }
        for key in keys {
            await store.save(key, answer)
        }
        services.prepareToExit()
        #expect(keys.allSatisfy { store.validators($0) == answer.validators }, "every answer written before the exit")
    }
}
