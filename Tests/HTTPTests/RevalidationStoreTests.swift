import Foundation
import Testing
import HTTP
import TestSupport

/// `ValidatorStore.directory`: kept answers as private files, read back whole or by their validators, bounded.
@Suite
struct RevalidationStoreTests {
    let answer = StoredAnswer(
        validators: Validators(etag: "W/\"abc\"", lastModified: "Wed, 02 Dec 2026 10:00:00 GMT"),
        headers: ["link": "<https://school.example/p2>; rel=\"next\"", "content-type": "application/json"],
        body: Data("[{\"name\":\"line\\nbreak\"}]\n\n".utf8)
    )

    @Test func aKeptAnswerIsReadBackAsItWasInAPrivateFile() async throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let directory = folder.url.appendingPathComponent("http")
        let store = ValidatorStore.directory(directory)
        let key = ValidatorStore.key(for: HTTPRequest(url: URL(string: "https://school.example/api/v1/courses")!, headers: ["Authorization": "Bearer secret-token"]))
        await store.save(key, answer)
        #expect(store.settle(5))
        #expect(store.validators(key) == answer.validators)
        #expect(store.answer(key) == answer)
        #expect(folder.contents("http") == [key])
        let attributes = try FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent(key).path)
        #expect(attributes[.posixPermissions] as? Int == 0o600)
        let contents = try Data(contentsOf: directory.appendingPathComponent(key))
        #expect(!String(decoding: contents, as: UTF8.self).contains("secret-token"))
        await store.remove(key)
        #expect(store.settle(5))
        #expect(store.validators(key) == nil)
        #expect(store.answer(key) == nil)
    }

    @Test(arguments: [
        "", "not json\n[]", "{\"validators\":{}}\n[]", "{\"validators\":{},\"headers\":{},\"bodyBytes\":2} and no line break",
        "{\"validators\":{},\"headers\":{}}\n[]", "{\"validators\":{},\"headers\":{},\"bodyBytes\":5}\n[]",
        // Whole but for its body, which a crash cut short: even its validators are not offered.
        "{\"validators\":{\"etag\":\"\\\"e\\\"\"},\"headers\":{},\"bodyBytes\":5,\"bodySHA256\":\"x\"}\n[]",
    ])
    func aDamagedFileIsTakenAsNeverKept(contents: String) throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        try Data(contents.utf8).write(to: folder.url.appendingPathComponent("k"))
        let store = ValidatorStore.directory(folder.url)
        #expect(store.validators("k") == nil)
        #expect(store.answer("k") == nil)
    }

    /// A file of the right length whose body is not what was saved (blocks a crash never wrote) is not used.
    @Test func aBodyOfTheRightLengthButOtherBytesIsTakenAsNeverKept() async throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let store = ValidatorStore.directory(folder.url)
        await store.save("k", answer)
        #expect(store.settle(5))
        let file = folder.url.appendingPathComponent("k")
        var contents = try Data(contentsOf: file)
        contents.replaceSubrange((contents.count - answer.body.count)..., with: Data(count: answer.body.count))
        try contents.write(to: file)
        #expect(store.answer("k") == nil)
    }

    @Test func filesOlderThanTheAgeLimitAndTheOldestBeyondTheSizeLimitGo() async throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let now = Date()
        let ages: [(name: String, daysOld: Double)] = [("ancient", 40), ("old", 3), ("older", 4), ("recent", 1)]
        for (name, daysOld) in ages {
            let file = folder.url.appendingPathComponent(name)
            try Data(repeating: 7, count: 4000).write(to: file)
            try FileManager.default.setAttributes([.modificationDate: now.addingTimeInterval(-daysOld * 86400)], ofItemAtPath: file.path)
        }
        let store = ValidatorStore.directory(folder.url, limit: 10_000, maxAge: 30 * 86400)
        // The first save checks the whole: 40 days is too old, and four files of 4000 are too many.
        await store.save("new", StoredAnswer(validators: Validators(etag: "\"n\""), headers: [:], body: Data(count: 100)))
        #expect(store.settle(5))
        #expect(folder.contents() == ["new", "old", "recent"])
    }

    @Test func aBodyLargerThanAnAnswerMayBeIsNotKept() async throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let store = ValidatorStore.directory(folder.url)
        let huge = StoredAnswer(validators: Validators(etag: "\"h\""), headers: [:], body: Data(count: Int(HTTPClient.defaultMaxAnswerBytes) + 1))
        await store.save("huge", huge)
        #expect(store.settle(5))
        #expect(store.validators("huge") == nil)
    }

    /// Saving goes on behind its caller, in the order asked: what was forgotten after it was
    /// kept stays forgotten, and `settle` returns once every write is done.
    @Test func writesGoOnBehindTheCallerInOrderUntilSettled() async throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let store = ValidatorStore.directory(folder.url)
        for round in 0..<40 {
            await store.save("kept-\(round)", answer)
            await store.save("gone-\(round)", answer)
            await store.remove("gone-\(round)")
        }
        #expect(store.settle(10))
        #expect(folder.contents().sorted() == (0..<40).map { "kept-\($0)" }.sorted())
        #expect((0..<40).allSatisfy { store.answer("kept-\($0)") == answer })
    }
}
