@testable import coursebrowser
import Foundation
import Testing

/// `queue --json` is laid out byte for byte as JSONSerialization laid it out.
@Suite struct PrettyJSONTests {
    /// Values as the listing builds them, with `NSNull` where JSONSerialization took it.
    static var listings: [[[String: Any]]] { [
        [],
        [["id": "a1", "size": Int64(1) << 40, "attempts": 0, "late": false, "done": true, "last_error": NSNull()]],
        [[
            "file": "notes/2026 \"final\" \\ draft.pdf", "source": "/home/a/x\ty\nz\r\u{1}\u{7F}\u{1B}[31m",
            "course": "sis_course_id:ABC/1", "files": [["name": "é😀\u{200E}\u{2028}", "sha256": NSNull()]] as [Any],
            "assignment": ["id": "7", "due_at": "2026-12-10T23:59:00Z", "submitted": NSNull()] as [String: Any],
            "empty": [Any](), "nothing": [String: Any](), "queued_at": "2026-01-01T00:00:00Z", "retry_at": "x",
        ]],
        [["kind": "submission", "state": "queued"], ["kind": "course_file", "state": "done", "backend": ""]],
    ] }

    static func ours(_ value: Any) -> Any {
        switch value {
        case is NSNull: PrettyJSON.Null()
        case let array as [Any]: array.map(ours)
        case let object as [String: Any]: object.mapValues(ours)
        default: value
        }
    }

    @Test(arguments: 0..<4)
    func textMatchesJSONSerialization(index: Int) throws {
        let listing = Self.listings[index]
        let data = try JSONSerialization.data(withJSONObject: listing, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        #expect(PrettyJSON.text(Self.ours(listing)) == String(decoding: data, as: UTF8.self))
    }

    @Test func whatJSONCannotHoldIsRefused() {
        #expect(PrettyJSON.text([Date()]) == nil)
    }
}
