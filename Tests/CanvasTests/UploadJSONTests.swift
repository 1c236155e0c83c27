import Foundation
import Testing
@testable import Canvas
@testable import CanvasJSON
import CourseKit
import FakeCanvasKit
import HTTP
import TestSupport
import UploadQueue

/// The order-keeping JSON reader behind `upload_params`.
struct UploadJSONTests {
    private func parse(_ text: String) -> CanvasAPI.UploadJSON? {
        CanvasAPI.UploadJSON.parse(Data(text.utf8))
    }

    @Test func objectMembersKeepTheirOrder() throws {
        let json = try #require(parse(#"{"z": "1", "a": "2", "m": {"y": 1, "b": [true, null]}}"#))
        guard case let .object(members) = json, case let .object(inner)? = json["m"] else {
            Issue.record("not an object")
            return
        }
        #expect(members.map(\.key) == ["z", "a", "m"])
        #expect(inner.map(\.key) == ["y", "b"])
    }

    @Test func escapesAndUnicodeAreDecoded() throws {
        let json = try #require(parse(#"{"s": "a\"b\\c\/d\n\u00e9\ud83d\ude00 Lập"}"#))
        #expect(json["s"]?.string == "a\"b\\c/d\né😀 Lập")
    }

    @Test func scalarsBecomeFormText() throws {
        let json = try #require(parse(#"{"n": 1.50, "t": true, "f": false, "x": null}"#))
        #expect(json["n"]?.formValue == "1.50")
        #expect(json["t"]?.formValue == "true")
        #expect(json["f"]?.formValue == "false")
        #expect(json["x"]?.formValue == nil)
    }

    @Test func canvasesJSONGuardIsSkipped() {
        #expect(parse(#"while(1);{"a": "b"}"#)?["a"]?.string == "b")
    }

    @Test(arguments: ["", "{", #"{"a": }"#, #"{"a": "b",}"#, #"{"a": "b"} x"#, "\"\u{01}\"", #"{"a": "\ud800"}"#, String(repeating: "[", count: 100)])
    func malformedTextIsRejected(text: String) {
        #expect(parse(text) == nil)
    }
}
