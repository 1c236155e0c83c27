import Canvas
import CourseKit
import Foundation
@testable import Launch
import Testing
import TestSupport

/// A token with a line break or another control character inside is refused at start, naming
/// where it came from, before anything is sent: a line break would end the `Authorization`
/// header and make what follows a header of its own.
struct TokenControlCharacterTests {
    let scratch: ScratchFolder
    let store: LoginStore
    static let canvas = URL(string: "https://school.example")!

    init() throws {
        scratch = try ScratchFolder()
        store = LoginStore(directory: scratch.url)
    }

    func choose(_ arguments: [String], _ environment: [String: String] = [:]) throws -> AccessCredentials? {
        let options = try LaunchOptions.parse(arguments)
        guard case let .canvas(_, credentials) = try Backend.choose(options: options, processEnvironment: environment, clock: .live, logins: store) else {
            return nil
        }
        return credentials
    }

    /// A token file only its owner can read, holding `contents`.
    func tokenFile(_ contents: String) throws -> String {
        let url = scratch.url.appendingPathComponent("token-\(UUID().uuidString.prefix(8))")
        try Data(contents.utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
        return url.path
    }

    static let mangled = [
        "1~abc\r\nX-Injected: 1", "1~abc\nX-Injected: 1", "1~abc\rdef", "1~abc\tdef", "1~abc\u{1B}[201~",
        "1~abc\u{0}def", "1~abc\u{7F}", "1~abc\u{85}def", "1~abc\u{9B}2J",
    ]

    @Test(arguments: mangled)
    func canvasTokenWithAControlCharacterIsRefused(token: String) throws {
        defer { scratch.remove() }
        #expect(throws: SetupError.tokenHasControlCharacter(source: "CANVAS_TOKEN", renewal: nil)) {
            try choose(["--canvas", "https://school.example"], ["CANVAS_TOKEN": token])
        }
    }

    @Test func aTokenFileWithASecondLineIsRefusedAndATrailingLineEndIsFine() throws {
        defer { scratch.remove() }
        let twoLines = try tokenFile("1~abc\nX-Injected: 1\n")
        #expect(throws: SetupError.tokenHasControlCharacter(source: "--token-file \(twoLines)", renewal: nil)) {
            try choose(["--canvas", "https://school.example", "--token-file", twoLines])
        }
        for ending in ["\n", "\r\n", " \n\n"] {
            let path = try tokenFile("1~abc" + ending)
            #expect(try choose(["--canvas", "https://school.example", "--token-file", path])?.token == "1~abc")
        }
    }

    @Test func aTokenCommandPrintingAControlCharacterIsRefused() throws {
        defer { scratch.remove() }
        let options = ["--canvas", "https://school.example", "--token-command", "printf '1~abc\\033[0m'"]
        #expect(throws: SetupError.tokenHasControlCharacter(source: "--token-command", renewal: nil)) {
            try choose(options, ["PATH": "/usr/bin:/bin"])
        }
    }

    @Test func aSavedLoginsTokenIsRefusedWithTheCommandThatSavesANewOne() throws {
        defer { scratch.remove() }
        try store.save(SavedLogin(canvasURL: Self.canvas, token: "1~abc\r\nX-Injected: 1"), for: .standard)
        let refused = SetupError.tokenHasControlCharacter(source: "the saved login (profile default)", renewal: "coursebrowser login")
        #expect(throws: refused) { try choose([]) }
        #expect(refused.userMessage == "The access token from the saved login (profile default) has a control character in it (a line break, say),"
            + " so it was not sent; an access token is a single line; run coursebrowser login to save a new one")
    }

    @Test func aSavedTokenCommandPrintingAControlCharacterIsRefused() throws {
        defer { scratch.remove() }
        let work = try ProfileName("work")
        try store.save(SavedLogin(canvasURL: Self.canvas, tokenCommand: "printf '1~abc\\tdef'"), for: work)
        #expect(throws: SetupError.tokenHasControlCharacter(source: "the token command of profile work", renewal: nil)) {
            try choose(["--profile", "work"], ["PATH": "/usr/bin:/bin"])
        }
    }

    @Test func printableTokensPassWhateverTheirScript() throws {
        defer { scratch.remove() }
        for token in ["1~AbC-09_xyz", "7~Lập trình", "token with spaces", "ключ"] {
            #expect(throws: Never.self) { try AccessToken.check(token, from: "CANVAS_TOKEN") }
        }
    }

    @Test func theMessageNamesTheSourceInOneLine() {
        defer { scratch.remove() }
        let message = SetupError.tokenHasControlCharacter(source: "CANVAS_TOKEN", renewal: nil).userMessage
        #expect(message == "The access token from CANVAS_TOKEN has a control character in it (a line break, say), so it was not sent; an access token is a single line")
        #expect(!message.contains("\n"))
    }
}
