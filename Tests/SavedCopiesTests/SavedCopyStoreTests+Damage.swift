import CourseKit
import Foundation
import Testing
import TestSupport
@testable import SavedCopies

/// Saved copies and whose-token files that are too large or damaged are taken as never saved,
/// without being read whole, and the next answer replaces them.
extension SavedCopyStoreTests {
    /// The bytes this thread has read so far, from the kernel's count (`rchar`).
    static func bytesReadByThisThread() throws -> Int {
        let text = try String(contentsOfFile: "/proc/thread-self/io", encoding: .utf8)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("rchar:") })
        return try #require(Int(line.dropFirst("rchar:".count).trimmingCharacters(in: .whitespaces)))
    }

    /// The whose-token file of `token` on the account's Canvas, after it was remembered once.
    func tokenFile(_ token: String) throws -> URL {
        store.remember(user: "17", origin: account.origin, token: token)
        let tokens = store.directory.appendingPathComponent(SavedCopyStore.component(account.origin)).appendingPathComponent("tokens")
        return tokens.appendingPathComponent(SavedCopyStore.digest(token))
    }

    // MARK: Size

    @Test func aHundredMegabyteCopyIsIgnoredWithoutBeingReadAndThenReplaced() throws {
        defer { folder.remove() }
        store.write([Course(id: CourseID(1), name: "A")], as: .courses(.all), of: account)
        let file = store.folder(for: account).appendingPathComponent("courses-all.json")
        // Sparse: a hundred megabytes on paper, nothing on disk.
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 100 * 1024 * 1024)
        try handle.close()
        let before = try Self.bytesReadByThisThread()
        #expect(store.read(.courses(.all), of: account, as: [Course].self) == nil)
        #expect(try Self.bytesReadByThisThread() - before < 1024 * 1024, "the size says enough; the bytes are not read")
        store.write([Course(id: CourseID(2), name: "B")], as: .courses(.all), of: account)
        #expect(store.read(.courses(.all), of: account, as: [Course].self)?.value.map(\.name) == ["B"])
    }

    @Test func aCopyOverTheLimitIsNotReadEvenWhenItIsValid() throws {
        defer { folder.remove() }
        let small = SavedCopyStore(directory: folder.url.appendingPathComponent("cache"), clock: clock.client, copyLimit: 2_000)
        small.write("syllabus", as: .syllabus(CourseID(1)), of: account)
        let file = small.folder(for: account).appendingPathComponent("syllabus-1.json")
        var padded = try Data(contentsOf: file)
        padded.append(Data(repeating: UInt8(ascii: " "), count: 3_000))
        try padded.write(to: file)
        #expect(store.read(.syllabus(CourseID(1)), of: account, as: String.self)?.value == "syllabus", "JSON that any store would read")
        #expect(small.read(.syllabus(CourseID(1)), of: account, as: String.self) == nil)
    }

    @Test func aCopyOverTheLimitIsNotWrittenAndTheOneBeforeStays() throws {
        defer { folder.remove() }
        let small = SavedCopyStore(directory: folder.url.appendingPathComponent("cache"), clock: clock.client, copyLimit: 2_000)
        small.write("short", as: .syllabus(CourseID(1)), of: account)
        small.write(String(repeating: "x", count: 5_000), as: .syllabus(CourseID(1)), of: account)
        #expect(small.read(.syllabus(CourseID(1)), of: account, as: String.self)?.value == "short")
        small.write(String(repeating: "y", count: 5_000), as: .syllabus(CourseID(2)), of: account)
        let written = (try? FileManager.default.contentsOfDirectory(atPath: small.folder(for: account).path)) ?? []
        #expect(written == ["syllabus-1.json"])
    }

    @Test func theLimitIsTheLargestAnswerTheAppAccepts() {
        #expect(SavedCopyStore.largestCopy == 32 * 1024 * 1024)
        #expect(store.copyLimit == SavedCopyStore.largestCopy)
    }

    // MARK: Whose token

    @Test(arguments: [
        "", "\n", "garbage", "17\nX", "<html>oops</html>", "17 18", "-17", "1.5", "\u{0}\u{0}\u{0}", "１７",
        String(repeating: "9", count: 21), String(repeating: "1", count: 5_000),
    ])
    func aDamagedUserFileIsUnknownSoCanvasIsAskedAgain(contents: String) throws {
        defer { folder.remove() }
        let token = "7~SecretTokenValue"
        let file = try tokenFile(token)
        try Data(contents.utf8).write(to: file)
        #expect(store.knownUser(origin: account.origin, token: token) == nil)
        store.remember(user: "17", origin: account.origin, token: token)
        #expect(store.knownUser(origin: account.origin, token: token) == "17", "the next answer replaces it")
    }

    @Test func userIDsAsCanvasWritesThemAreRead() throws {
        defer { folder.remove() }
        for (contents, user) in [("17", "17"), ("17\n", "17"), ("  42 \r\n", "42"), ("10000000000017", "10000000000017")] {
            let token = "7~token-\(user)"
            try Data(contents.utf8).write(to: try tokenFile(token))
            #expect(store.knownUser(origin: account.origin, token: token) == user)
        }
    }

    @Test func whatIsNoUserIDIsNeverRemembered() throws {
        defer { folder.remove() }
        store.remember(user: "../17", origin: account.origin, token: "7~a")
        store.remember(user: "", origin: account.origin, token: "7~b")
        #expect(store.knownUser(origin: account.origin, token: "7~a") == nil)
        #expect(store.knownUser(origin: account.origin, token: "7~b") == nil)
        #expect(!FileManager.default.fileExists(atPath: store.directory.path), "nothing was written")
    }
}
