import FileSystem
import Foundation
import Testing
import FakeCanvasKit
import HTTP
import TestSupport

/// An upload whose file carries its expected SHA-256, through libcurl.
extension CurlClientTests {
    @Test func aMatchingFileArrivesWholeAndAChangedOneStopsTheUpload() async throws {
        let server = try HostileServer()
        defer { server.stop() }
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let size = 3_000_000
        let file = try folder.payload("payload.bin", size: size)
        let expected = try sha256(of: file)
        let request = HTTPRequest(method: "POST", url: server.url("/echo"))

        let response = try await client().upload(request, UploadBody([.file(file, size: Int64(size))], expectedSHA256: [file.path: expected])) { _ in }
        let echo = try JSONDecoder().decode(Echo.self, from: response.body)
        #expect(echo.length == size)
        #expect(echo.sha256 == expected)

        var bytes = try Data(contentsOf: file)
        bytes[size - 100] ^= 0x01
        try bytes.write(to: file)
        let sent = Recorder<Int64>()
        await #expect(throws: DigestMismatch(path: file.path)) {
            try await client().upload(request, UploadBody([.file(file, size: Int64(size))], expectedSHA256: [file.path: expected])) { sent.append($0) }
        }
        #expect((sent.values.max() ?? 0) < Int64(size), "the last bytes never left")
    }
}
