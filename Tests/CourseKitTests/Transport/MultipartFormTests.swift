import Foundation
import Testing
@testable import CourseKit

/// The streamed multipart/form-data body.
struct MultipartFormTests {
    @Test func aWrittenBodyParsesBackToTheFieldsAndTheFileBytes() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let payload = try folder.payload(size: 3 * (1 << 20) + 17)
        let form = MultipartForm(fields: [("key", "a/b"), ("policy", "p"), ("empty", "")], fileField: "file",
                                 fileName: "Lập trình.zip", fileContentType: "application/zip")
        let output = folder.url.appendingPathComponent("body.tmp")
        let size = try form.write(payload: payload, to: output, isCancelled: { false })
        let body = try Data(contentsOf: output)
        #expect(Int64(body.count) == size)
        let parsed = try #require(ParsedMultipart(body, contentType: form.contentType))
        #expect(parsed.closed)
        #expect(parsed.parts.map(\.name) == ["key", "policy", "empty", "file"])
        #expect(parsed.parts.prefix(3).map { String(decoding: $0.body, as: UTF8.self) } == ["a/b", "p", ""])
        #expect(parsed.parts.last?.fileName == "Lập trình.zip")
        #expect(parsed.parts.last?.body == (try Data(contentsOf: payload)))
        let attributes = try FileManager.default.attributesOfItem(atPath: output.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    }

    @Test func theBoundaryIsNeverInAField() {
        let form = MultipartForm(fields: [("key", "coursebrowser-")], fileField: "file", fileName: "a", fileContentType: "text/plain")
        #expect(!form.fields.contains { $0.value.contains(form.boundary) })
        #expect(form.boundary.count > 30)
    }

    @Test func aCancelledWriteLeavesNoFile() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let payload = try folder.payload(size: 1000)
        let form = MultipartForm(fields: [], fileField: "file", fileName: "a", fileContentType: "text/plain")
        let output = folder.url.appendingPathComponent("body.tmp")
        #expect(throws: CancellationError.self) { try form.write(payload: payload, to: output, isCancelled: { true }) }
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }
}
