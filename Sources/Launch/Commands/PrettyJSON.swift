/// JSON text laid out as Foundation's `JSONSerialization` wrote it with `.prettyPrinted`,
/// `.sortedKeys` and `.withoutEscapingSlashes`, which scripts reading `queue --json` have seen.
enum PrettyJSON {
    /// A JSON value: what the listing is built of, so nothing JSON can't hold gets in.
    indirect enum Value: Equatable, Sendable {
        case null
        case bool(Bool)
        case integer(Int64)
        /// A number that may have a fraction, such as points (`7.25`); one JSON can't hold is `null`.
        case number(Double)
        case string(String)
        case array([Value])
        case object([String: Value])

        /// `text` when there is one, else `null`.
        static func string(_ text: String?) -> Value {
            text.map(Value.string) ?? .null
        }
    }

    /// `value` as JSON text.
    static func text(_ value: Value) -> String {
        var output = ""
        write(value, indent: 0, to: &output)
        return output
    }

    /// `value` as JSON text on one line, with no space between its parts: a message of a
    /// protocol whose messages are lines.
    static func line(_ value: Value) -> String {
        var output = ""
        write(value, indent: nil, to: &output)
        return output
    }

    /// Writes `value`; `indent` nil writes it on one line.
    private static func write(_ value: Value, indent: Int?, to output: inout String) {
        switch value {
        case .null:
            output += "null"
        case let .bool(flag):
            output += flag ? "true" : "false"
        case let .integer(number):
            output += String(number)
        case let .number(number):
            output += numberText(number)
        case let .string(text):
            writeString(text, to: &output)
        case let .array(array):
            guard let indent else {
                output += "["
                for (index, element) in array.enumerated() {
                    if index > 0 { output += "," }
                    write(element, indent: nil, to: &output)
                }
                output += "]"
                return
            }
            output += "[\n"
            for (index, element) in array.enumerated() {
                output += String(repeating: " ", count: indent + 2)
                write(element, indent: indent + 2, to: &output)
                output += index == array.count - 1 ? "\n" : ",\n"
            }
            if array.isEmpty { output += "\n" }
            output += String(repeating: " ", count: indent) + "]"
        case let .object(object):
            writeObject(object, indent: indent, to: &output)
        }
    }

    private static func writeObject(_ object: [String: Value], indent: Int?, to output: inout String) {
        // The keys are the listing's own ASCII names, so byte order is the order
        // JSONSerialization sorted them in.
        let keys = object.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        guard let indent else {
            output += "{"
            for (index, key) in keys.enumerated() {
                if index > 0 { output += "," }
                writeString(key, to: &output)
                output += ":"
                write(object[key] ?? .null, indent: nil, to: &output)
            }
            output += "}"
            return
        }
        output += "{\n"
        for (index, key) in keys.enumerated() {
            output += String(repeating: " ", count: indent + 2)
            writeString(key, to: &output)
            output += " : "
            write(object[key] ?? .null, indent: indent + 2, to: &output)
            output += index == keys.count - 1 ? "\n" : ",\n"
        }
        if keys.isEmpty { output += "\n" }
        output += String(repeating: " ", count: indent) + "}"
    }

    /// A whole number as an integer (`10`, not `10.0`), any other the shortest way Swift writes it.
    private static func numberText(_ number: Double) -> String {
        guard number.isFinite else { return "null" }
        if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
        return number.description
    }

    /// Escapes the quote, the backslash and C0 controls only, as JSONSerialization did.
    private static func writeString(_ text: String, to output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\u{8}": output += "\\b"
            case "\u{C}": output += "\\f"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{0}"..."\u{1F}":
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
