import FileSystem
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Files opened by the exact bytes of their path, which need not be UTF-8.
struct BytePathTests {
    /// `bytes` as a C string, passed to a `UnsafePointer<CChar>` parameter as it is.
    func cString(_ bytes: [UInt8]) -> [CChar] {
        (bytes + [0]).map { CChar(bitPattern: $0) }
    }

    @Test func aNameThatIsNotUTF8OpensByItsBytesAndErrorsNameItAsShown() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        // "fé.txt" as Latin-1 wrote it: E9 is not UTF-8.
        let path = Array((folder.url.path + "/f").utf8) + [0xE9] + Array(".txt".utf8)
        let shown = folder.url.path + #"/f\xE9.txt"#
        let written = try FileDescriptor.open(cPath: cString(path), shownAs: shown, O_WRONLY | O_CREAT | O_EXCL)
        try Data("Latin-1".utf8).withUnsafeBytes { try written.write(all: $0) }
        written.close()

        let read = try FileDescriptor.open(cPath: cString(path), shownAs: shown, O_RDONLY)
        defer { read.close() }
        #expect(read.path == shown)
        #expect(try read.measure().size == 7)
        // The name as a String (E9 turned into U+FFFD) is another file, one that does not exist.
        let lossy = String(decoding: path, as: UTF8.self)
        #expect(throws: FileSystemError(code: ENOENT, path: lossy)) { try FileDescriptor.open(lossy, O_RDONLY) }
        #expect(throws: FileSystemError(code: EEXIST, path: shown)) {
            try FileDescriptor.open(cPath: cString(path), shownAs: shown, O_WRONLY | O_CREAT | O_EXCL)
        }
    }
}
