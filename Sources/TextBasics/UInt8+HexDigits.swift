extension UInt8 {
    /// The value of this byte as an ASCII hex digit (`0`–`9`, `a`–`f`, `A`–`F`), or nil for any other byte.
    package var hexDigitValue: UInt8? {
        switch self {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): self - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): self - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): self - UInt8(ascii: "a") + 10
        default: nil
        }
    }

    /// The byte as two upper-case hex digits: `E9`, `0A`.
    package var hexDigits: String {
        String(decoding: [Self.upperHexDigits[Int(self >> 4)], Self.upperHexDigits[Int(self & 0x0F)]], as: UTF8.self)
    }

    private static let upperHexDigits = Array("0123456789ABCDEF".utf8)
}
