import FileSystem
import Foundation
import Testing
@testable import HTTP
import TestSupport

/// The body reader hashing a file part as libcurl reads it, holding its last bytes back unless
/// the digest matches.
struct BodyReaderTests {
    let folder: ScratchFolder
    let head = Data("--b\r\nhead\r\n".utf8)
    let tail = Data("\r\n--b--\r\n".utf8)
    let size = 300_000

    init() throws {
        folder = try ScratchFolder()
    }

    func body(_ file: URL, sha256: String?) -> UploadBody {
        UploadBody([.bytes(head), .file(file, size: Int64(size)), .bytes(tail)], expectedSHA256: sha256.map { [file.path: $0] } ?? [:])
    }

    /// Reads until the end or a failure, as libcurl would with a 64 KiB buffer; returns the bytes handed over.
    func drain(_ reader: inout BodyReader) -> Data? {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 65_536, alignment: 16)
        defer { buffer.deallocate() }
        var handed = Data()
        while true {
            guard let count = reader.read(into: buffer) else { return handed }
            if count == 0 { return handed }
            handed.append(contentsOf: buffer[0..<count])
        }
    }

    /// A copy of `file` with one byte flipped `fromEnd` bytes before its end.
    func flipped(_ file: URL, fromEnd: Int) throws -> URL {
        try flipped(file, at: try Data(contentsOf: file).count - fromEnd)
    }

    /// A copy of `file` with the byte at `offset` flipped.
    func flipped(_ file: URL, at offset: Int, as name: String = "changed.bin") throws -> URL {
        var bytes = try Data(contentsOf: file)
        bytes[offset] ^= 0xFF
        let changed = folder.url.appendingPathComponent(name)
        try bytes.write(to: changed)
        return changed
    }

    @Test func anUnchangedFileIsHandedOverWholeWithItsDigestChecked() throws {
        defer { folder.remove() }
        let file = try folder.payload(size: size)
        var reader = BodyReader(body(file, sha256: try sha256(of: file)))
        let handed = drain(&reader)
        #expect(reader.failure == nil)
        #expect(handed == head + (try Data(contentsOf: file)) + tail)
    }

    @Test func aFileChangedNearItsEndStopsBeforeItsLastBytesAreHandedOver() throws {
        defer { folder.remove() }
        let file = try folder.payload(size: size)
        let changed = try flipped(file, fromEnd: 10)
        var reader = BodyReader(body(changed, sha256: try sha256(of: file)))
        let handed = try #require(drain(&reader))
        #expect(reader.failure as? DigestMismatch == DigestMismatch(path: changed.path))
        #expect(handed.count < head.count + size, "the whole file never leaves")
        #expect(handed.count > head.count, "what came before the last buffer streamed as usual")
    }

    @Test func aWrongExpectedDigestFailsEvenWhenTheFileIsAsWritten() throws {
        defer { folder.remove() }
        let file = try folder.payload(size: size)
        var reader = BodyReader(body(file, sha256: String(repeating: "0", count: 64)))
        _ = drain(&reader)
        #expect(reader.failure is DigestMismatch)
    }

    @Test func aFileWithoutADigestIsSentAsItIs() throws {
        defer { folder.remove() }
        let file = try folder.payload(size: size)
        let changed = try flipped(file, fromEnd: 10)
        var reader = BodyReader(body(changed, sha256: nil))
        #expect(drain(&reader)?.count == head.count + size + tail.count)
        #expect(reader.failure == nil)
    }

    @Test(arguments: [0, 5, 100_000, 299_999])
    func aRewindIntoTheFileStillChecksEveryByte(intoFile position: Int) throws {
        defer { folder.remove() }
        let file = try folder.payload(size: size)
        let whole = head + (try Data(contentsOf: file)) + tail
        var payloads = [(file, true), (try flipped(file, fromEnd: 1), false)]
        if position > 0 {
            // Changed where the rewound transfer never reads again: only hashing it again catches it.
            payloads.append((try flipped(file, at: position - 1, as: "changed-before.bin"), false))
        }
        for (payload, expected) in payloads {
            var reader = BodyReader(body(payload, sha256: try sha256(of: file)))
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 65_536, alignment: 16)
            defer { buffer.deallocate() }
            // Some of the body goes out, then libcurl rewinds into the file and sends the rest again.
            for _ in 0..<3 { _ = reader.read(into: buffer) }
            let rewound = reader.seek(to: Int64(head.count + position))
            #expect(rewound)
            let rest = drain(&reader)
            if expected {
                #expect(reader.failure == nil)
                #expect(rest == whole.suffix(from: head.count + position))
            } else {
                #expect(reader.failure is DigestMismatch, "the bytes before the rewind point still count")
                #expect((rest?.count ?? 0) < size - position)
            }
        }
    }

    @Test func anEmptyFileIsCheckedToo() throws {
        defer { folder.remove() }
        let empty = try folder.payload("empty.bin", size: 0)
        var matching = BodyReader(UploadBody([.file(empty, size: 0)], expectedSHA256: [empty.path: try sha256(of: empty)]))
        #expect(drain(&matching) == Data())
        #expect(matching.failure == nil)
        var wrong = BodyReader(UploadBody([.file(empty, size: 0)], expectedSHA256: [empty.path: String(repeating: "0", count: 64)]))
        _ = drain(&wrong)
        #expect(wrong.failure is DigestMismatch)
    }
}
