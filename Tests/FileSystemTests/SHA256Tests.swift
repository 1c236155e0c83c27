import Foundation
import Testing
@testable import FileSystem
import TestSupport

struct SHA256Tests {
    func digest(_ text: String) -> String {
        let digest = SHA256()
        Array(text.utf8).withUnsafeBytes { digest.update($0) }
        return digest.finish()
    }

    @Test func knownDigests() {
        #expect(digest("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(digest("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test func theStandardsTestVectors() {
        #expect(digest("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(digest(String(repeating: "a", count: 1_000_000))
            == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// Lengths around a block's end, where the padding spills into another block.
    @Test(arguments: [55, 56, 57, 63, 64, 65, 119, 120, 128, 1_000])
    func lengthsAroundABlockMatchSha256sum(length: Int) throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        let file = folder.url.appendingPathComponent("bytes")
        try Data(bytes).write(to: file)
        let whole = SHA256()
        bytes.withUnsafeBytes { whole.update($0) }
        // The same bytes handed over in uneven pieces give the same digest.
        let pieces = SHA256()
        var start = 0
        for size in [1, 0, 3, 60, 2, 64, 130].cycled(until: length) {
            let end = min(start + size, length)
            bytes[start..<end].withUnsafeBytes { pieces.update($0) }
            start = end
        }
        let expected = try sha256(of: file)
        #expect(whole.finish() == expected)
        #expect(pieces.finish() == expected)
    }

    @Test func copyingAFileDigestsWhatItCopiesAsSha256sumDoes() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let source = try folder.payload(size: 3 * FileDescriptor.copyChunkSize + 17)
        let target = folder.url.appendingPathComponent("copy")
        let input = try FileDescriptor.open(source.path, O_RDONLY)
        defer { input.close() }
        let output = try FileDescriptor.open(target.path, O_WRONLY | O_CREAT | O_EXCL)
        defer { output.close() }
        let digest = SHA256()
        let copied = try input.copy(to: output, digest: digest)
        let expected = try sha256(of: source)
        #expect(copied == Int64(3 * FileDescriptor.copyChunkSize + 17))
        #expect(digest.finish() == expected)

        let reread = try FileDescriptor.open(target.path, O_RDONLY)
        defer { reread.close() }
        let measured = try reread.measure()
        #expect(measured.size == copied)
        #expect(measured.sha256 == expected)
    }
}

extension Array where Element == Int {
    /// The sizes over and over, until they add up to at least `total`.
    func cycled(until total: Int) -> [Int] {
        var sizes: [Int] = []
        var sum = 0
        while sum < total {
            let size = self[sizes.count % count]
            sizes.append(size)
            sum += size
        }
        return sizes
    }
}
