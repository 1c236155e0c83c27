import Canvas
import CourseKit
import Foundation
import HTTP
@testable import Launch
import SavedCopies
import Testing
import TestSupport

/// Whose saved copies a start shows: the user a token was last seen to belong to, and when that
/// record is damaged, the user Canvas names, which then replaces it.
struct SavedCopyAccountsTests {
    static let origin = "https://school.example"
    static let token = "7~SecretTokenValue"
    let scratch: ScratchFolder
    let store: SavedCopyStore
    /// Every request the made-up Canvas answered.
    let asked = Recorder<String>()

    init() throws {
        scratch = try ScratchFolder()
        store = SavedCopyStore(directory: scratch.url.appendingPathComponent("cache"), clock: .live)
    }

    /// A Canvas whose `users/self` answers with `body`.
    func connection(answering body: String = #"{"id": 17, "name": "Nguyễn Văn A"}"#) throws -> CanvasConnection {
        let http = HTTPClient { request in
            self.asked.append(request.url.path)
            return HTTPResponse(status: 200, body: Data(body.utf8))
        }
        return CanvasConnection(baseURL: try #require(URL(string: Self.origin)), credentials: AccessCredentials(token: Self.token, source: "CANVAS_TOKEN"),
                                http: http, clock: .live, analytics: .noOp)
    }

    /// Overwrites the whose-token file with `contents`, as damage on disk would.
    func damage(with contents: String) throws {
        store.remember(user: "17", origin: Self.origin, token: Self.token)
        let files = FileManager.default.enumerator(atPath: store.directory.path)?.compactMap { $0 as? String } ?? []
        let record = try #require(files.first { $0.contains("/tokens/") })
        try Data(contents.utf8).write(to: store.directory.appendingPathComponent(record))
    }

    @Test func aKnownUserIsShownAtOnceWithoutAskingCanvas() async throws {
        defer { scratch.remove() }
        store.remember(user: "17", origin: Self.origin, token: Self.token)
        let accounts = SavedCopyAccounts(origin: Self.origin, store: store, account: .canvas(try connection()))
        #expect(accounts.remembered == SavedCopyAccount(origin: Self.origin, user: "17"))
        #expect(await accounts.current()?.user == "17")
        #expect(asked.values.isEmpty)
    }

    @Test(arguments: ["garbage\u{0}", "17\nrm -rf", "<html>", ""])
    func aDamagedUserIsAskedOfCanvasAndReplaced(damage contents: String) async throws {
        defer { scratch.remove() }
        try damage(with: contents)
        let accounts = SavedCopyAccounts(origin: Self.origin, store: store, account: .canvas(try connection()))
        #expect(accounts.remembered == nil, "the damage names nobody")
        #expect(await accounts.current() == SavedCopyAccount(origin: Self.origin, user: "17"))
        #expect(asked.values == ["/api/v1/users/self"])
        #expect(store.knownUser(origin: Self.origin, token: Self.token) == "17", "what Canvas said replaced the damage")
        let next = SavedCopyAccounts(origin: Self.origin, store: store, account: .canvas(try connection()))
        #expect(next.remembered?.user == "17", "the next start knows at once")
    }

    @Test func copiesSavedBeforeTheDamageAreReachedAgain() async throws {
        defer { scratch.remove() }
        let account = SavedCopyAccount(origin: Self.origin, user: "17")
        var canvas = CourseClient.noOp
        canvas.syllabus = { _, _ in "<p>Tuần 1</p>" }
        let saving = canvas.saving(to: store) { account }
        _ = try await saving.syllabus(CourseID(1), .ignored)
        let copies = SavedCopyClient.store(store, account: account)
        try await eventually("the copy to be saved") { copies.syllabus(CourseID(1)) != nil }
        try damage(with: "\u{FFFD}\u{FFFD}")
        let accounts = SavedCopyAccounts(origin: Self.origin, store: store, account: .canvas(try connection()))
        #expect(accounts.remembered == nil)
        let found = try #require(await accounts.current())
        #expect(SavedCopyClient.store(store, account: found).syllabus(CourseID(1))?.value == .some("<p>Tuần 1</p>"), "under the user Canvas named")
    }
}
