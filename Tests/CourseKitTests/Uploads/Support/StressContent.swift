import Foundation

/// The bytes `queue-stress` writes to a source file, recomputed from the file's name.
///
/// A deliberate copy of the generator in `Sources/queue-stress/main.swift`: the test's
/// own oracle, so a payload that matches it matches what the child wrote.
enum StressContent {
    static func bytes(forFileName name: String) -> Data {
        var state = seed(of: name)
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        let size = Int(next() % 400_000) + 1
        var words = [UInt64](repeating: 0, count: (size + 7) / 8)
        for index in words.indices {
            words[index] = next().littleEndian
        }
        return words.withUnsafeBytes { Data($0.prefix(size)) }
    }

    private static func seed(of name: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in name.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return hash
    }
}

/// A seeded generator (SplitMix64) so a failing run of random kill delays can be replayed.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
