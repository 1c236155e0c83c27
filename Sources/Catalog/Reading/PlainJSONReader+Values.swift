import CanvasJSON

extension PlainJSONReader {
    /// An ID as `CanvasID` reads one: a whole number, or a string that is not blank.
    mutating func id() throws(Unsupported) -> CanvasID {
        if cursor.peek == UInt8(ascii: "\"") {
            let text = try string()
            // Only plain ASCII is judged here; other text is `CanvasID`'s to judge.
            guard text.utf8.allSatisfy({ $0 < 0x80 }), text.utf8.contains(where: { $0 != 0x20 && $0 != 0x09 }) else {
                throw Unsupported()
            }
            return CanvasID(text: text)
        }
        guard let range = cursor.value() else { throw Unsupported() }
        var digits = Substring(decoding: UnsafeRawBufferPointer(rebasing: cursor.bytes[range]), as: UTF8.self)
        let negative = digits.first == "-"
        if negative { digits = digits.dropFirst() }
        // Fractions, exponents and numbers too big for an ID get `CanvasID`'s own errors.
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
              let number = Int(negative ? "-" + digits : String(digits)) else {
            throw Unsupported()
        }
        return CanvasID(text: String(number))
    }

    /// The string or null that is the whole of `bytes`, valid JSON; nil when it is anything else,
    /// or a string `JSONDecoder` may judge otherwise, which is left to it.
    static func optionalString(in bytes: UnsafeRawBufferPointer) -> String?? {
        var reader = PlainJSONReader(cursor: JSONCursor(bytes))
        do {
            reader.cursor.skipSpace()
            let text = try reader.optionalString()
            reader.cursor.skipSpace()
            return reader.cursor.index == bytes.count ? .some(text) : nil
        } catch {
            return nil
        }
    }

    mutating func optionalString() throws(Unsupported) -> String? {
        if try null() { return nil }
        return try string()
    }

    mutating func optionalBool() throws(Unsupported) -> Bool? {
        if try null() { return nil }
        if literal("true") { return true }
        if literal("false") { return false }
        throw Unsupported()
    }

    /// A plain number (`87.5`, `-3`); one with an exponent may be out of range, which is `JSONDecoder`'s to judge.
    mutating func optionalNumber() throws(Unsupported) -> Double? {
        if try null() { return nil }
        guard let range = cursor.value() else { throw Unsupported() }
        let text = Substring(decoding: UnsafeRawBufferPointer(rebasing: cursor.bytes[range]), as: UTF8.self)
        guard !text.contains(where: { $0 == "e" || $0 == "E" }), let number = Double(text), number.isFinite else { throw Unsupported() }
        return number
    }

    /// Takes `null` if it is next.
    mutating func null() throws(Unsupported) -> Bool {
        literal("null")
    }

    private mutating func literal(_ word: StaticString) -> Bool {
        let end = cursor.index + word.utf8CodeUnitCount
        guard end <= cursor.bytes.count, cursor.isKey(cursor.index..<end, word) else { return false }
        cursor.index = end
        return true
    }

    /// A string's text, its escapes read as JSON defines them.
    mutating func string() throws(Unsupported) -> String {
        guard let range = cursor.string() else { throw Unsupported() }
        let raw = UnsafeRawBufferPointer(rebasing: cursor.bytes[range])
        guard contains(range, UInt8(ascii: "\\")) else {
            return String(decoding: raw, as: UTF8.self)
        }
        return try unescaped(raw)
    }

    private func unescaped(_ raw: UnsafeRawBufferPointer) throws(Unsupported) -> String {
        var text = String()
        text.reserveCapacity(raw.count)
        var index = 0
        var plainStart = 0
        while index < raw.count {
            guard raw[index] == UInt8(ascii: "\\") else {
                index += 1
                continue
            }
            text += String(decoding: UnsafeRawBufferPointer(rebasing: raw[plainStart..<index]), as: UTF8.self)
            let (scalar, length) = try escape(in: raw, at: index)
            text.unicodeScalars.append(scalar)
            index += length
            plainStart = index
        }
        text += String(decoding: UnsafeRawBufferPointer(rebasing: raw[plainStart..<raw.count]), as: UTF8.self)
        return text
    }

    /// The scalar an escape at `index` stands for, and the escape's length.
    private func escape(in raw: UnsafeRawBufferPointer, at index: Int) throws(Unsupported) -> (Unicode.Scalar, Int) {
        guard index + 1 < raw.count else { throw Unsupported() }
        switch raw[index + 1] {
        case UInt8(ascii: "\""): return ("\"", 2)
        case UInt8(ascii: "\\"): return ("\\", 2)
        case UInt8(ascii: "/"): return ("/", 2)
        case UInt8(ascii: "b"): return ("\u{08}", 2)
        case UInt8(ascii: "f"): return ("\u{0C}", 2)
        case UInt8(ascii: "n"): return ("\n", 2)
        case UInt8(ascii: "r"): return ("\r", 2)
        case UInt8(ascii: "t"): return ("\t", 2)
        case UInt8(ascii: "u"):
            let unit = try hex(in: raw, at: index + 2)
            if let scalar = Unicode.Scalar(unit) { return (scalar, 6) }
            // A high surrogate must be followed by an escaped low one; anything else is
            // JSONDecoder's to refuse.
            guard (0xD800...0xDBFF).contains(unit), index + 7 < raw.count, raw[index + 6] == UInt8(ascii: "\\"), raw[index + 7] == UInt8(ascii: "u") else {
                throw Unsupported()
            }
            let low = try hex(in: raw, at: index + 8)
            guard (0xDC00...0xDFFF).contains(low), let scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)) else {
                throw Unsupported()
            }
            return (scalar, 12)
        default:
            throw Unsupported()
        }
    }

    private func hex(in raw: UnsafeRawBufferPointer, at index: Int) throws(Unsupported) -> UInt32 {
        guard index + 4 <= raw.count else { throw Unsupported() }
        var value: UInt32 = 0
        for byte in raw[index..<(index + 4)] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw Unsupported()
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    func contains(_ range: Range<Int>, _ byte: UInt8) -> Bool {
        UnsafeRawBufferPointer(rebasing: cursor.bytes[range]).contains(byte)
    }

    /// Refuses a value `JSONDecoder` may reject though it is valid JSON: an escaped
    /// surrogate, a number with an exponent (which may be out of range), deep nesting.
    func checkPlain(_ range: Range<Int>) throws(Unsupported) {
        var inString = false
        var escaped = false
        var depth = 0
        var previous: UInt8 = 0
        for index in range {
            let byte = cursor.bytes[index]
            if inString {
                if escaped {
                    if byte == UInt8(ascii: "u"), index + 1 < range.upperBound, cursor.bytes[index + 1] | 0x20 == UInt8(ascii: "d") { throw Unsupported() }
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            defer { previous = byte }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                if depth > 500 { throw Unsupported() }
            case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
            case UInt8(ascii: "e"), UInt8(ascii: "E"):
                if previous >= UInt8(ascii: "0"), previous <= UInt8(ascii: "9") { throw Unsupported() }
            default: break
            }
        }
    }
}
