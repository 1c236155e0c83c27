import CourseKit
import FoundationEssentials

extension CanvasAPI {
    /// A JSON value that keeps object members in the order they were written.
    ///
    /// Step 2 must send `upload_params` in the order Canvas gave them, which
    /// `JSONDecoder` (dictionaries) forgets; this small reader keeps it.
    indirect enum UploadJSON: Sendable {
        case object([(key: String, value: UploadJSON)])
        case array([UploadJSON])
        case string(String)
        /// A number as written, so `1.50` is sent back as `1.50`.
        case number(String)
        case bool(Bool)
        case null

        /// Parses a whole JSON text; nil when it is not valid JSON.
        ///
        /// A `while(1);` prefix, which Canvas adds to JSON for some clients, is skipped.
        static func parse(_ data: Data) -> UploadJSON? {
            var reader = Reader(bytes: Array(data))
            reader.skipPrefix("while(1);")
            guard let value = reader.value(depth: 0) else { return nil }
            reader.skipWhitespace()
            return reader.atEnd ? value : nil
        }

        /// The member named `key` of an object.
        subscript(key: String) -> UploadJSON? {
            guard case let .object(members) = self else { return nil }
            return members.first { $0.key == key }?.value
        }

        var string: String? {
            guard case let .string(text) = self else { return nil }
            return text
        }

        /// A scalar as a form field's text; nil for objects, arrays and null.
        var formValue: String? {
            switch self {
            case let .string(text), let .number(text): return text
            case let .bool(flag): return flag ? "true" : "false"
            case .object, .array, .null: return nil
            }
        }
    }
}

/// A recursive-descent JSON reader over bytes, with a depth limit for hostile input.
private struct Reader {
    let bytes: [UInt8]
    var index = 0
    static let maxDepth = 64

    var atEnd: Bool { index == bytes.count }

    mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    mutating func skipPrefix(_ prefix: String) {
        skipWhitespace()
        let prefixBytes = Array(prefix.utf8)
        if bytes[index...].starts(with: prefixBytes) { index += prefixBytes.count }
    }

    private mutating func consume(_ literal: String) -> Bool {
        let literalBytes = Array(literal.utf8)
        guard bytes[index...].starts(with: literalBytes) else { return false }
        index += literalBytes.count
        return true
    }

    mutating func value(depth: Int) -> CanvasAPI.UploadJSON? {
        guard depth < Self.maxDepth else { return nil }
        skipWhitespace()
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "{"): return object(depth: depth)
        case UInt8(ascii: "["): return array(depth: depth)
        case UInt8(ascii: "\""): return string().map { .string($0) }
        case UInt8(ascii: "t"): return consume("true") ? .bool(true) : nil
        case UInt8(ascii: "f"): return consume("false") ? .bool(false) : nil
        case UInt8(ascii: "n"): return consume("null") ? .null : nil
        default: return number()
        }
    }

    private mutating func object(depth: Int) -> CanvasAPI.UploadJSON? {
        index += 1
        var members: [(key: String, value: CanvasAPI.UploadJSON)] = []
        skipWhitespace()
        if consume("}") { return .object(members) }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = string() else { return nil }
            skipWhitespace()
            guard consume(":"), let value = value(depth: depth + 1) else { return nil }
            members.append((key, value))
            skipWhitespace()
            if consume(",") { continue }
            return consume("}") ? .object(members) : nil
        }
    }

    private mutating func array(depth: Int) -> CanvasAPI.UploadJSON? {
        index += 1
        var elements: [CanvasAPI.UploadJSON] = []
        skipWhitespace()
        if consume("]") { return .array(elements) }
        while true {
            guard let element = value(depth: depth + 1) else { return nil }
            elements.append(element)
            skipWhitespace()
            if consume(",") { continue }
            return consume("]") ? .array(elements) : nil
        }
    }

    private mutating func number() -> CanvasAPI.UploadJSON? {
        let start = index
        while index < bytes.count, "+-0123456789.eE".utf8.contains(bytes[index]) { index += 1 }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard !text.isEmpty, Double(text) != nil else { return nil }
        return .number(text)
    }

    /// A string starting at the opening quote, escapes decoded.
    private mutating func string() -> String? {
        index += 1
        var utf8: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(validating: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard let scalar = escape() else { return nil }
                utf8.append(contentsOf: Array(String(Character(scalar)).utf8))
            case 0x00..<0x20:
                return nil
            default:
                utf8.append(byte)
            }
        }
        return nil
    }

    private mutating func escape() -> Unicode.Scalar? {
        guard index < bytes.count else { return nil }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            guard let high = hex4() else { return nil }
            guard (0xD800..<0xDC00).contains(high) else { return Unicode.Scalar(high) }
            guard consume("\\u"), let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
            return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
        default: return nil
        }
    }

    private mutating func hex4() -> UInt32? {
        guard index + 4 <= bytes.count,
              let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else { return nil }
        index += 4
        return value
    }
}
