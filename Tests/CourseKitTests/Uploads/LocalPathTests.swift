import Foundation
import Glibc
import Testing
import CourseKit
import TestSupport

/// Paths kept as the bytes the file system has, shown as text with `\xNN` for what is not UTF-8.
struct LocalPathTests {
    /// `f<E9>.txt`: "fé.txt" as Latin-1 wrote it, which is not UTF-8.
    static let latin1Name: [UInt8] = Array("f".utf8) + [0xE9] + Array(".txt".utf8)

    @Test(arguments: [
        (Array("essay é 日本.pdf".utf8), "essay é 日本.pdf"),
        (latin1Name, #"f\xE9.txt"#),
        ([0x61, 0xC0, 0xAF, 0x62], #"a\xC0\xAFb"#),
        ([0xE2, 0x82], #"\xE2\x82"#),
        ([0xED, 0xA0, 0x80], #"\xED\xA0\x80"#),
        ([0x41, 0x0A, 0xFF], "A\n\\xFF"),
    ])
    func onlyBytesThatArePartOfNoCharacterAreEscaped(bytes: [UInt8], shown: String) {
        #expect(LocalPath(bytes: bytes).path == shown)
        #expect(LocalPath(bytes: bytes).isUTF8 == (String(validating: bytes, as: UTF8.self) != nil))
    }

    @Test func piecesJoinBackToTheSameBytes() {
        var generator = SeededGenerator(seed: 7)
        for length in 0..<200 {
            let bytes = generator.bytes(length % 12)
            let path = LocalPath(bytes: bytes)
            #expect(LocalPath(pieces: path.pieces) == path, "\(bytes)")
        }
        // U+FFFD typed as a character is a character, not the bytes it stands in for.
        #expect(LocalPath("\u{FFFD}").pieces == [.scalar("\u{FFFD}")])
        #expect(LocalPath(bytes: [0xE9]).pieces == [.byte(0xE9)])
    }

    @Test func theLastComponentIsShownTheSameWay() {
        #expect(LocalPath(bytes: Array("/tmp/".utf8) + Self.latin1Name).lastPathComponent == #"f\xE9.txt"#)
        #expect(LocalPath("/tmp/notes/").lastPathComponent == "notes")
        #expect(LocalPath("essay.pdf").lastPathComponent == "essay.pdf")
        #expect(LocalPath("/").lastPathComponent == "/")
    }

    @Test func aRelativePathIsResolvedInTheGivenFolder() {
        #expect(LocalPath("a.txt").resolved(against: "/home/an") == "/home/an/a.txt")
        #expect(LocalPath("a.txt").resolved(against: "/") == "/a.txt")
        #expect(LocalPath("/tmp/a.txt").resolved(against: "/home/an") == "/tmp/a.txt")
    }

    @Test func aFileNamedInAnotherEncodingIsFoundListedAndOpenedByItsBytes() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let path = LocalPath(bytes: Array((folder.url.path + "/").utf8) + Self.latin1Name)
        let descriptor = try #require(path.withCString { open($0, O_WRONLY | O_CREAT | O_EXCL, 0o600) })
        #expect(descriptor >= 0)
        close(descriptor)

        #expect(path.isRegularFile)
        #expect(!path.isDirectory)
        #expect(LocalPath(folder.url.path).entryNames() == [LocalPath(bytes: Self.latin1Name)])
        // The same name made into a String names another file, one that does not exist.
        let lossy = LocalPath(String(decoding: path.bytes, as: UTF8.self))
        #expect(lossy != path)
        #expect(!lossy.isRegularFile)
    }

    @Test func onlyFoldersAreDirectories() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let file = try folder.payload(size: 1)
        #expect(LocalPath(folder.url.path).isDirectory)
        #expect(!LocalPath(file.path).isDirectory)
        #expect(!LocalPath(folder.url.appendingPathComponent("absent").path).isDirectory)
    }

    @Test func aPathHoldingANulNamesNoFile() {
        #expect(LocalPath(bytes: Array("/tmp".utf8) + [0] + Array("x".utf8)).withCString { _ in true } == nil)
        #expect(LocalPath(bytes: [0x2F, 0x00]).status() == nil)
    }
}

/// A queued file's record keeps a source path that is not UTF-8 exactly, beside its readable form.
struct QueuedFileCodingTests {
    @Test func aSourceThatIsNotUTF8RoundTripsThroughItsRecord() throws {
        let source = LocalPath(bytes: Array("/home/an/".utf8) + LocalPathTests.latin1Name)
        let file = QueuedFile(name: source.lastPathComponent, source: source, size: 5, sha256: "ab")
        let data = try JSONEncoder().encode(file)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["sourcePath"] as? String == #"/home/an/f\xE9.txt"#)
        #expect(object["sourcePathBase64"] as? String == Data(source.bytes).base64EncodedString())
        #expect(object["name"] as? String == #"f\xE9.txt"#)
        #expect(try JSONDecoder().decode(QueuedFile.self, from: data) == file)
    }

    @Test func aUTF8SourceIsWrittenAsBeforeAndOldRecordsStillRead() throws {
        let file = QueuedFile(name: "essay.pdf", sourcePath: #"/home/an/back\slash essay.pdf"#, size: 5)
        let data = try JSONEncoder().encode(file)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(object.keys) == ["name", "sourcePath", "size"])
        let old = Data(#"{"name": "a.txt", "sourcePath": "/x/a.txt", "size": 1, "sha256": "cd"}"#.utf8)
        #expect(try JSONDecoder().decode(QueuedFile.self, from: old) == QueuedFile(name: "a.txt", sourcePath: "/x/a.txt", size: 1, sha256: "cd"))
    }

    @Test func bytesThatCantBeReadBackLeaveTheReadablePath() throws {
        let record = Data(#"{"name": "f\\xE9.txt", "sourcePath": "/x/f\\xE9.txt", "sourcePathBase64": "%%%", "size": 1}"#.utf8)
        #expect(try JSONDecoder().decode(QueuedFile.self, from: record).sourcePath == #"/x/f\xE9.txt"#)
    }
}
