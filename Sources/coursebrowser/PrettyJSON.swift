/// JSON text laid out as Foundation's `JSONSerialization` wrote it with `.prettyPrinted`,
/// `.sortedKeys` and `.withoutEscapingSlashes`, which scripts reading `queue --json` have seen.
enum PrettyJSON {
    /// Stands for JSON's `null`.
    struct Null {}

    /// `value` (strings, integers, booleans, `Null`, and arrays and `[String: Any]` of them) as
    /// JSON text; `nil` when something else is in it.
    static func text(_ value: Any) -> String? {
        var output = ""
        return write(value, indent: 0, to: &output) ? output : nil
    }

    private static func write(_ value: Any, indent: Int, to output: inout String) -> Bool {
        switch value {
        case is Null:
            output += "null"
        case let flag as Bool:
            output += flag ? "true" : "false"
        case let number as any BinaryInteger:
            output += String(number)
        case let text as String:
            writeString(text, to: &output)
        case let array as [Any]:
            output += "[\n"
            for (index, element) in array.enumerated() {
                output += String(repeating: " ", count: indent + 2)
                guard write(element, indent: indent + 2, to: &output) else { return false }
                output += index == array.count - 1 ? "\n" : ",\n"
            }
            if array.isEmpty { output += "\n" }
            output += String(repeating: " ", count: indent) + "]"
        case let object as [String: Any]:
            output += "{\n"
            // The keys are the listing's own ASCII names, so byte order is the order
            // JSONSerialization sorted them in.
            let keys = object.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            for (index, key) in keys.enumerated() {
                output += String(repeating: " ", count: indent + 2)
                writeString(key, to: &output)
                output += " : "
                guard let element = object[key], write(element, indent: indent + 2, to: &output) else { return false }
                output += index == keys.count - 1 ? "\n" : ",\n"
            }
            if keys.isEmpty { output += "\n" }
            output += String(repeating: " ", count: indent) + "}"
        default:
            return false
        }
        return true
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
