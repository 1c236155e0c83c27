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
                    result += "%" + byte.hexDigits
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
            guard let high = iterator.next()?.hexDigitValue, let low = iterator.next()?.hexDigitValue else {
                return nil
            }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
