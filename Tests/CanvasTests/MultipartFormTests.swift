import Foundation
import HTTP
import Testing
import TestSupport

/// The streamed multipart/form-data body.
struct MultipartFormTests {
    @Test func theStreamedBodyParsesBackToTheFieldsAndTheFileBytes() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let size = 3 * (1 << 20) + 17
        let payload = try folder.payload(size: size)
        let form = MultipartForm(fields: [("key", "a/b"), ("policy", "p"), ("empty", "")], fileField: "file",
                                 fileName: "Lập trình.zip", fileContentType: "application/zip")
        let streamed = form.body(payload: payload, size: Int64(size))
        let body = try streamed.joined()
        #expect(Int64(body.count) == streamed.length)
        let parsed = try #require(ParsedMultipart(body, contentType: form.contentType))
        #expect(parsed.closed)
        #expect(parsed.parts.map(\.name) == ["key", "policy", "empty", "file"])
        #expect(parsed.parts.prefix(3).map { String(decoding: $0.body, as: UTF8.self) } == ["a/b", "p", ""])
        #expect(parsed.parts.last?.fileName == "Lập trình.zip")
        #expect(parsed.parts.last?.body == (try Data(contentsOf: payload)))
    }

    @Test func theBoundaryIsNeverInAField() {
        let form = MultipartForm(fields: [("key", "coursebrowser-")], fileField: "file", fileName: "a", fileContentType: "text/plain")
        #expect(!form.fields.contains { $0.value.contains(form.boundary) })
        #expect(form.boundary.count > 30)
    }
}
