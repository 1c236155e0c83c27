import Foundation
import Testing
@testable import UploadQueue

/// Job IDs take the ASCII letters and digits Foundation's `alphanumerics` holds, and `-` and `_`.
@Suite struct JobIDCharacterTests {
    @Test func everyASCIIScalarIsAllowedAsBefore() {
        for value in UInt32(0)..<0x80 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let before = CharacterSet.alphanumerics.contains(scalar) || scalar == "-" || scalar == "_"
            #expect(UploadStore.isValidJobID("a" + String(scalar)) == before, "U+\(String(value, radix: 16))")
        }
        #expect(!UploadStore.isValidJobID("é1"))
        #expect(!UploadStore.isValidJobID("١٢"))
    }
}
