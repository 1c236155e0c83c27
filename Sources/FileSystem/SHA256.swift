import CCrypto

/// A SHA-256 digest computed as bytes go by, for checking that a file is still what was captured.
package final class SHA256 {
    private let context: OpaquePointer?
    /// Set when OpenSSL refused a chunk, so a partial digest is never taken for the whole.
    private var failed = false

    package init() {
        context = cb_sha256_start()
    }

    deinit {
        cb_sha256_free(context)
    }

    package func update(_ bytes: UnsafeRawBufferPointer) {
        guard let context, let base = bytes.baseAddress else { return }
        if cb_sha256_update(context, base, bytes.count) != 1 {
            failed = true
        }
    }

    /// The digest as 64 lower-case hex digits; nil if OpenSSL could not compute it.
    package func finish() -> String? {
        guard let context, !failed else { return nil }
        var digest = [UInt8](repeating: 0, count: 32)
        guard cb_sha256_finish(context, &digest) != 0 else { return nil }
        return digest.map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }
}
