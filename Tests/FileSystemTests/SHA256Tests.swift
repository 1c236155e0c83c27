import Foundation
import Testing
@testable import FileSystem
import TestSupport

struct SHA256Tests {
    func digest(_ text: String) -> String? {
        let digest = SHA256()
        Array(text.utf8).withUnsafeBytes { digest.update($0) }
        return digest.finish()
    }

    @Test func knownDigests() {
        #expect(digest("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(digest("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
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
