import Foundation
@testable import Launch
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

    /// The same values as the listing's own: every kind the listings above hold.
    static func ours(_ value: Any) -> PrettyJSON.Value {
        switch value {
        case let flag as Bool: .bool(flag)
        case let number as Int: .integer(Int64(number))
        case let number as Int64: .integer(number)
        case let text as String: .string(text)
        case let array as [Any]: .array(array.map(ours))
        case let object as [String: Any]: .object(object.mapValues(ours))
        default: .null
        }
    }

    @Test(arguments: 0..<4)
    func textMatchesJSONSerialization(index: Int) throws {
        let listing = Self.listings[index]
        let data = try JSONSerialization.data(withJSONObject: listing, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        #expect(PrettyJSON.text(Self.ours(listing)) == String(decoding: data, as: UTF8.self))
    }
}
