import Canvas
import CourseKit
import Foundation
@testable import Launch
import Testing
import TestSupport

/// Saved logins on disk: their modes, what a hand-edited one may hold, and how a profile
/// chooses the Canvas and the token.
struct LoginStoreTests {
    static func mode(_ path: URL) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path.path)[.posixPermissions] as? Int)
    }

    @Test func aSavedLoginReadsBackAndOnlyItsOwnerMayReadIt() throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let store = LoginStore(directory: scratch.url.appendingPathComponent("coursebrowser"))
        let work = try ProfileName("work")
        let login = SavedLogin(canvasURL: try #require(URL(string: "https://school.example")), token: "1~abc", userName: "Nguyễn Thị Lan")
        #expect(try store.login(for: work) == nil)
        try store.save(login, for: work)
        #expect(try store.login(for: work) == login)
        #expect(try store.login(for: work)?.userName == "Nguyễn Thị Lan", "whom the site said it is for, kept for the screen")
        #expect(try store.login(for: .standard) == nil, "another profile's login is its own")
        #expect(try Self.mode(store.directory) == 0o700)
        #expect(try Self.mode(store.file(for: work).deletingLastPathComponent()) == 0o700)
        #expect(try Self.mode(store.file(for: work)) == 0o600)
        #expect(try store.remove(work))
        #expect(try store.login(for: work) == nil)
        #expect(try store.remove(work) == false)
    }

    @Test(arguments: [0o644, 0o640, 0o604])
    func aLoginFileOthersCanReadIsRefused(mode: Int) throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let store = LoginStore(directory: scratch.url)
        try store.save(SavedLogin(canvasURL: try #require(URL(string: "https://a.example")), token: "t"), for: .standard)
        let path = store.file(for: .standard).path
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
        #expect(throws: LoginFileError.notPrivate(path: path, mode: UInt32(mode))) { try store.login(for: .standard) }
    }

    static let handEdited: [(json: String, url: String, token: String?, command: String?)] = [
        (#"{"canvas_url": "https://A.example/", "token": " 1~t\n"}"#, "https://a.example", "1~t", nil),
        (#"{"canvas_url": "https://a.example", "token_command": "pass show canvas", "later": 1}"#, "https://a.example", nil, "pass show canvas"),
    ]

    @Test(arguments: handEdited)
    func aLoginEditedByHandIsNormalized(json: String, url: String, token: String?, command: String?) throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let store = LoginStore(directory: scratch.url)
        try write(json, for: store)
        let login = try #require(try store.login(for: .standard))
        #expect(login.canvasURL == URL(string: url))
        #expect(login.token == token)
        #expect(login.tokenCommand == command)
    }

    @Test(arguments: [
        (#"{"canvas_url": "http://school.example", "token": "t"}"#, "canvas_url uses plain http, which would send your access token unencrypted; use https://school.example"),
        (#"{"canvas_url": "https://school.example"}"#, "it has neither a token nor a token_command"),
        (#"{"canvas_url": "https://school.example", "token": "  "}"#, "it has neither a token nor a token_command"),
        (#"{"token": "t"}"#, "it is not a login (canvas_url, token or token_command)"),
        ("not json", "it is not a login (canvas_url, token or token_command)"),
    ])
    func aLoginFileThatCantBeUsedSaysWhy(json: String, reason: String) throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let store = LoginStore(directory: scratch.url)
        try write(json, for: store)
        #expect(throws: LoginFileError.malformed(path: store.file(for: .standard).path, reason: reason)) { try store.login(for: .standard) }
    }

    private func write(_ json: String, for store: LoginStore) throws {
        let file = store.file(for: .standard)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(json.utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
    }
}
