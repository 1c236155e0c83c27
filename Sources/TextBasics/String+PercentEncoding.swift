extension String {
    /// The text with every UTF-8 byte of a scalar outside `allowed` written as `%XX`, as
    /// Foundation's `addingPercentEncoding(withAllowedCharacters:)` writes it.
    package func percentEncoded(allowing allowed: ScalarSet) -> String {
        var result = ""
        for scalar in unicodeScalars {
            if allowed.contains(scalar) {
                result.unicodeScalars.append(scalar)
            } else {
                for byte in String(scalar).utf8 {
                    result += "%" + Self.hexDigits[Int(byte >> 4)] + Self.hexDigits[Int(byte & 0x0F)]
                }
            }
        }
        return result
    }

    /// The text with each `%XX` replaced by its byte, or `nil` when a `%` is not followed by
    /// two hex digits or the bytes are not UTF-8, as Foundation's `removingPercentEncoding`.
    package var percentDecoded: String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var iterator = utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(Self.hexValue), let low = iterator.next().flatMap(Self.hexValue) else {
                return nil
            }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static let hexDigits = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "A", "B", "C", "D", "E", "F"]

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
