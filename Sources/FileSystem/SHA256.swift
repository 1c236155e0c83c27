import CSHA256

/// A SHA-256 digest computed as bytes go by, for checking that a file is still what was captured.
package final class SHA256 {
    private var context = cb_sha256()

    package init() {
        cb_sha256_init(&context)
    }

    package func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress else { return }
        cb_sha256_update(&context, base, bytes.count)
    }

    /// The digest as 64 lower-case hex digits.
    package func finish() -> String {
        var digest = [UInt8](repeating: 0, count: 32)
        cb_sha256_finish(&context, &digest)
        return digest.map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }
}
