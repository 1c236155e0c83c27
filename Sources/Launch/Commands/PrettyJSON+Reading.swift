import FoundationEssentials
import TerminalUI

extension PrettyJSON.Value: Decodable {
    /// A value as JSON text gave it: whole numbers as `integer`, others as `number`.
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let whole = try? container.decode(Int64.self) {
            self = .integer(whole)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let array = try? container.decode([PrettyJSON.Value].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: PrettyJSON.Value].self))
        }
    }

    /// The member `key` of an object; nil for a missing member or a value that is no object.
    subscript(key: String) -> PrettyJSON.Value? {
        guard case let .object(object) = self else { return nil }
        return object[key]
    }

    var stringValue: String? {
        guard case let .string(text) = self else { return nil }
        return text
    }

    var objectValue: [String: PrettyJSON.Value]? {
        guard case let .object(object) = self else { return nil }
        return object
    }

    var arrayValue: [PrettyJSON.Value]? {
        guard case let .array(array) = self else { return nil }
        return array
    }

    /// A whole number, written as one (`3`, `3.0`).
    var integerValue: Int64? {
        switch self {
        case let .integer(whole): whole
        case let .number(number) where number == number.rounded() && abs(number) < 1e15: Int64(number)
        default: nil
        }
    }
}

extension PrettyJSON {
    /// Why JSON text could not be read.
    struct ReadingError: Error {
        var message: String
    }

    /// The most arrays and objects one value may hold inside each other: far more than any
    /// message needs, and few enough that reading one never runs deep.
    static let deepestNesting = 64

    /// The JSON value `bytes` hold.
    static func read(_ bytes: [UInt8]) throws(ReadingError) -> Value {
        guard nesting(of: bytes) <= deepestNesting else {
            throw ReadingError(message: "nested more than \(deepestNesting) deep")
        }
        do {
            return try JSONDecoder().decode(Value.self, from: Data(bytes))
        } catch {
            throw ReadingError(message: "not JSON")
        }
    }

    /// How deep arrays and objects go in `bytes`, counted outside strings.
    private static func nesting(of bytes: [UInt8]) -> Int {
        var (depth, deepest, inString, escaped) = (0, 0, false, false)
        for byte in bytes {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                deepest = max(deepest, depth)
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return deepest
    }
}

extension PrettyJSON.Value {
    /// The value with every string, keys too, cleaned of what a terminal acts on (escapes,
    /// controls, direction overrides), line breaks kept: text from a site, passed on as data.
    var sanitized: PrettyJSON.Value {
        switch self {
        case let .string(text): .string(Sanitizer.cleanLines(text).joined(separator: "\n"))
        case let .array(array): .array(array.map(\.sanitized))
        case let .object(object): .object(Dictionary(object.map { (Sanitizer.clean($0.key), $0.value.sanitized) }) { first, _ in first })
        default: self
        }
    }
}
