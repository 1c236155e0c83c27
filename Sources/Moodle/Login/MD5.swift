/// MD5 (RFC 1321), for the one place Moodle uses it: the signature of a token handed back after
/// single sign-on, `md5(wwwroot + passport)`. Not for anything that needs a secure hash.
enum MD5 {
    /// The digest of `bytes` as 32 lower-case hex digits.
    static func hex(_ bytes: [UInt8]) -> String {
        digest(bytes).map { String($0, radix: 16).leftPadded(to: 2) }.joined()
    }

    static func digest(_ bytes: [UInt8]) -> [UInt8] {
        var message = bytes
        let bitLength = UInt64(bytes.count) &* 8
        message.append(0x80)
        while message.count % 64 != 56 { message.append(0) }
        for shift in stride(from: 0, to: 64, by: 8) { message.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
        var state: (UInt32, UInt32, UInt32, UInt32) = (0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476)
        for start in stride(from: 0, to: message.count, by: 64) {
            state = block(Array(message[start..<(start + 64)]), state)
        }
        var digest: [UInt8] = []
        for word in [state.0, state.1, state.2, state.3] {
            for byte in 0..<4 {
                digest.append(UInt8(truncatingIfNeeded: word >> UInt32(byte * 8)))
            }
        }
        return digest
    }

    private static func block(_ chunk: [UInt8], _ state: (UInt32, UInt32, UInt32, UInt32)) -> (UInt32, UInt32, UInt32, UInt32) {
        var words = [UInt32](repeating: 0, count: 16)
        for index in 0..<16 {
            for byte in 0..<4 {
                words[index] |= UInt32(chunk[index * 4 + byte]) << UInt32(byte * 8)
            }
        }
        var (a, b, c, d) = state
        for round in 0..<64 {
            var mixed: UInt32
            let index: Int
            switch round {
            case 0..<16: mixed = (b & c) | (~b & d); index = round
            case 16..<32: mixed = (d & b) | (~d & c); index = (5 &* round &+ 1) % 16
            case 32..<48: mixed = b ^ c ^ d; index = (3 &* round &+ 5) % 16
            default: mixed = c ^ (b | ~d); index = (7 &* round) % 16
            }
            mixed = mixed &+ a &+ constants[round] &+ words[index]
            a = d
            d = c
            c = b
            b = b &+ ((mixed << shifts[round]) | (mixed >> (32 - shifts[round])))
        }
        return (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d)
    }

    /// The per-round shift amounts.
    private static let shifts: [UInt32] = [
        7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
        5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20,
        4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
        6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21,
    ]

    /// floor(abs(sin(i + 1)) × 2^32), as RFC 1321 tabulates them.
    private static let constants: [UInt32] = [
        0xD76A_A478, 0xE8C7_B756, 0x2420_70DB, 0xC1BD_CEEE, 0xF57C_0FAF, 0x4787_C62A, 0xA830_4613, 0xFD46_9501,
        0x6980_98D8, 0x8B44_F7AF, 0xFFFF_5BB1, 0x895C_D7BE, 0x6B90_1122, 0xFD98_7193, 0xA679_438E, 0x49B4_0821,
        0xF61E_2562, 0xC040_B340, 0x265E_5A51, 0xE9B6_C7AA, 0xD62F_105D, 0x0244_1453, 0xD8A1_E681, 0xE7D3_FBC8,
        0x21E1_CDE6, 0xC337_07D6, 0xF4D5_0D87, 0x455A_14ED, 0xA9E3_E905, 0xFCEF_A3F8, 0x676F_02D9, 0x8D2A_4C8A,
        0xFFFA_3942, 0x8771_F681, 0x6D9D_6122, 0xFDE5_380C, 0xA4BE_EA44, 0x4BDE_CFA9, 0xF6BB_4B60, 0xBEBF_BC70,
        0x289B_7EC6, 0xEAA1_27FA, 0xD4EF_3085, 0x0488_1D05, 0xD9D4_D039, 0xE6DB_99E5, 0x1FA2_7CF8, 0xC4AC_5665,
        0xF429_2244, 0x432A_FF97, 0xAB94_23A7, 0xFC93_A039, 0x655B_59C3, 0x8F0C_CC92, 0xFFEF_F47D, 0x8584_5DD1,
        0x6FA8_7E4F, 0xFE2C_E6E0, 0xA301_4314, 0x4E08_11A1, 0xF753_7E82, 0xBD3A_F235, 0x2AD7_D2BB, 0xEB86_D391,
    ]
}

private extension String {
    func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
