import Foundation
import CourseKit
@testable import FileSystem
import TestSupport
@testable import UploadQueue

/// The bytes `queue-stress` writes to a source file, recomputed from the file's name.
///
/// The same SplitMix64 sequence as the generator in `Sources/queue-stress/main.swift`,
/// from the test's own `SeededGenerator`: an independent oracle, so a payload that matches
/// it matches what the child wrote.
enum StressContent {
    static func bytes(forFileName name: String) -> Data {
        var generator = SeededGenerator(seed: seed(of: name))
        let size = Int(generator.next() % 400_000) + 1
        var words = [UInt64](repeating: 0, count: (size + 7) / 8)
        for index in words.indices {
            words[index] = generator.next().littleEndian
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
