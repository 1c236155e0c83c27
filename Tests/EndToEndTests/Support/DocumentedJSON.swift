import Foundation
import Testing

/// A JSON value as parsed, keeping a boolean apart from a number (which `JSONSerialization`
/// on Linux does not).
enum JSONValue: Decodable, Equatable {
    case null
    case boolean(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .boolean(flag)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let array = try? container.decode([JSONValue].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    static func parse(_ text: String) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }

    var objectValue: [String: JSONValue]? {
        if case let .object(object) = self { return object }
        return nil
    }

    var arrayValue: [JSONValue]? {
        if case let .array(array) = self { return array }
        return nil
    }

    var stringValue: String? {
        if case let .string(text) = self { return text }
        return nil
    }
}

/// The fields README documents for one command's JSON, read from the table under its
/// `<!-- json: NAME -->` marker: each field's name and the types it may have.
struct DocumentedJSON {
    /// By field name (`error.kind` for a field of an object field, `files[].name` for one of each
    /// object in an array field): the types it may have.
    let fields: [String: Set<String>]

    /// The table under `<!-- json: name -->` in README.md.
    init(_ name: String) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let after = try #require(readme.components(separatedBy: "<!-- json: \(name) -->\n").dropFirst().first, "README documents \(name)'s JSON")
        var fields: [String: Set<String>] = [:]
        for line in after.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2) {
            guard line.hasPrefix("| ") else { break }
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 2 else { continue }
            let types = Set(cells[1].components(separatedBy: " or "))
            for field in cells[0].split(separator: ",") {
                fields[field.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = types
            }
        }
        self.fields = fields
    }

    /// What in `object` disagrees with the table: a field it lacks or doesn't document, or a value
    /// of a type the table doesn't give; empty when it agrees.
    func problems(in object: [String: JSONValue], prefix: String = "") -> [String] {
        let documented = Set(fields.keys.filter { $0.hasPrefix(prefix) && !$0.dropFirst(prefix.count).contains(".") }.map { String($0.dropFirst(prefix.count)) })
        var problems: [String] = []
        for missing in documented.subtracting(object.keys) { problems.append("no \(prefix)\(missing)") }
        for (key, value) in object {
            guard let types = fields[prefix + key] else {
                problems.append("\(prefix)\(key) is not documented")
                continue
            }
            guard types.contains(Self.type(of: value)) else {
                problems.append("\(prefix)\(key) is \(Self.type(of: value)), documented as \(types.sorted().joined(separator: " or "))")
                continue
            }
            switch value {
            case let .object(inner):
                problems += self.problems(in: inner, prefix: prefix + key + ".")
            case let .array(elements):
                // `assignments[].name`: a field of each object the array holds.
                for case let .object(inner) in elements {
                    problems += self.problems(in: inner, prefix: prefix + key + "[].")
                }
            default:
                break
            }
        }
        return problems
    }

    private static func type(of value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .boolean: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}
