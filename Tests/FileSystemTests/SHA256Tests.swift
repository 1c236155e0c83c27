import Foundation
import Testing
@testable import FileSystem
import TestSupport

/// Both engines, libcrypto's and the portable C one, against the same vectors.
struct SHA256Tests {
    static let engines: [SHA256.Engine] = [.libcrypto, .portable]

    func digest(_ text: String, _ engine: SHA256.Engine) -> String {
        let digest = SHA256(engine: engine)
        Array(text.utf8).withUnsafeBytes { digest.update($0) }
        return digest.finish()
    }

    @Test func libcryptoIsTheEngineInUseHereAndThePortableOneCanBeForced() {
        #expect(SHA256().engine == .libcrypto, "libcurl4-openssl brings libcrypto to this machine")
        #expect(SHA256(engine: .portable).engine == .portable)
    }

    @Test(arguments: engines)
    func knownDigests(engine: SHA256.Engine) {
        #expect(digest("", engine) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(digest("abc", engine) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test(arguments: engines)
    func theStandardsTestVectors(engine: SHA256.Engine) {
        #expect(digest("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", engine)
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(digest(String(repeating: "a", count: 1_000_000), engine)
            == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test(arguments: engines)
    func askingTwiceGivesTheSameDigestAndLaterBytesChangeNothing(engine: SHA256.Engine) {
        let digest = SHA256(engine: engine)
        Array("abc".utf8).withUnsafeBytes { digest.update($0) }
        let first = digest.finish()
        Array("more".utf8).withUnsafeBytes { digest.update($0) }
        #expect(digest.finish() == first)
        #expect(first == self.digest("abc", engine == .libcrypto ? .portable : .libcrypto), "the engines agree")
    }

    /// Naming a saved copy or a cached answer by digest must not open libcrypto on the way to a
    /// command's first request; a large one-off digest, or any once libcrypto is open, uses it.
    @Test func aDigestOfFewBytesUsesThePortableCodeUnlessLibcryptoIsOpenAlready() {
        #expect(SHA256.engine(forOneDigestOf: 64, libcryptoOpen: false) == .portable)
        #expect(SHA256.engine(forOneDigestOf: SHA256.libcryptoWorthOpening - 1, libcryptoOpen: false) == .portable)
        #expect(SHA256.engine(forOneDigestOf: 64, libcryptoOpen: true) == .libcrypto)
        #expect(SHA256.engine(forOneDigestOf: SHA256.libcryptoWorthOpening, libcryptoOpen: false) == .libcrypto)
    }

    /// `hex(of:)` on either side of the size that decides its engine, and from a sequence that
    /// isn't contiguous, agrees with a digest computed piece by piece.
    @Test(arguments: [0, 1_000, SHA256.libcryptoWorthOpening - 1, SHA256.libcryptoWorthOpening + 1])
    func aOneOffDigestMatchesAStreamedOne(length: Int) {
        let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ 5) }
        let streamed = SHA256(engine: .portable)
        bytes.withUnsafeBytes { streamed.update($0) }
        let expected = streamed.finish()
        #expect(SHA256.hex(of: bytes) == expected)
        #expect(SHA256.hex(of: bytes.lazy.map { $0 }) == expected)
    }

    /// Lengths around a block's end, where the padding spills into another block.
    @Test(arguments: engines, [55, 56, 57, 63, 64, 65, 119, 120, 128, 1_000])
    func lengthsAroundABlockMatchSha256sum(engine: SHA256.Engine, length: Int) throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        let file = folder.url.appendingPathComponent("bytes")
        try Data(bytes).write(to: file)
        let whole = SHA256(engine: engine)
        bytes.withUnsafeBytes { whole.update($0) }
        // The same bytes handed over in uneven pieces give the same digest.
        let pieces = SHA256(engine: engine)
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

    @Test func bytesReadAtTheirOffsetsLeaveTheReadPositionAndHashAsInOnePass() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let source = try folder.payload(size: 10_000)
        let file = try FileDescriptor.open(source.path, O_RDONLY)
        defer { file.close() }
        let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: 777, alignment: 16)
        defer { scratch.deallocate() }
        let digest = SHA256()
        try file.read(from: 0, to: 4_000, scratch: scratch) { digest.update($0) }
        // The rest, read where the file's position still is: at its start.
        var skipped = 0
        var rest = try file.readChunks { chunk in
            let kept = chunk.dropFirst(max(0, 4_000 - skipped))
            skipped += chunk.count - kept.count
            digest.update(UnsafeRawBufferPointer(rebasing: kept))
        }
        rest -= Int64(skipped)
        #expect(skipped == 4_000)
        #expect(rest == 6_000)
        #expect(digest.finish() == (try sha256(of: source)))
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
