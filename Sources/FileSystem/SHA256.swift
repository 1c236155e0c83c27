import CSHA256

/// A SHA-256 digest computed as bytes go by, for checking that a file is still what was captured.
///
/// libcrypto computes it where it can be loaded (with the CPU's SHA instructions, several times
/// faster than portable C); elsewhere the portable C version does, with the same results.
package final class SHA256 {
    /// Which code computes the digest.
    package enum Engine: Sendable, Equatable {
        /// OpenSSL's EVP digest, opened at run time.
        case libcrypto
        /// The C version in CSHA256, which needs nothing from the system.
        case portable
    }

    private enum Context {
        case libcrypto(UnsafeMutableRawPointer)
        case portable(UnsafeMutablePointer<cb_sha256>)
    }

    /// The engine in use: `.portable` when libcrypto was asked for but is missing.
    package let engine: Engine
    private let context: Context
    /// Set when libcrypto reported an error, so the digest can't match any expected one.
    private var failed = false
    private var digest: String?

    /// A digest computed by `engine`, or by the portable version when libcrypto can't be loaded.
    package init(engine wanted: Engine = .libcrypto) {
        if wanted == .libcrypto, let evp = cb_sha256_libcrypto_new() {
            engine = .libcrypto
            context = .libcrypto(evp)
        } else {
            let portable = UnsafeMutablePointer<cb_sha256>.allocate(capacity: 1)
            cb_sha256_init(portable)
            engine = .portable
            context = .portable(portable)
        }
    }

    deinit {
        switch context {
        case let .libcrypto(evp): cb_sha256_libcrypto_free(evp)
        case let .portable(portable): portable.deallocate()
        }
    }

    package func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, digest == nil else { return }
        switch context {
        case let .libcrypto(evp):
            if cb_sha256_libcrypto_update(evp, base, bytes.count) == 0 { failed = true }
        case let .portable(portable):
            cb_sha256_update(portable, base, bytes.count)
        }
    }

    /// The digest of `bytes`, all there is of them, as `finish` gives it.
    ///
    /// Computed by the engine `engine(forOneDigestOf:libcryptoOpen:)` picks, so naming a saved
    /// copy or a cached answer never opens libcrypto.
    package static func hex(of bytes: some Sequence<UInt8>) -> String {
        if let digest = bytes.withContiguousStorageIfAvailable({ hex(ofBuffer: UnsafeRawBufferPointer($0)) }) {
            return digest
        }
        return Array(bytes).withUnsafeBytes { hex(ofBuffer: $0) }
    }

    private static func hex(ofBuffer bytes: UnsafeRawBufferPointer) -> String {
        let digest = SHA256(engine: engine(forOneDigestOf: bytes.count, libcryptoOpen: cb_sha256_libcrypto_is_open() != 0))
        digest.update(bytes)
        return digest.finish()
    }

    /// The fewest bytes for which one digest is worth opening libcrypto.
    ///
    /// Opening it takes 2–3 ms (thirty-odd mappings, and OpenSSL reading its configuration file),
    /// on the way to the first request of a command that only names files by digest; the
    /// portable code takes about 3.7 ms a megabyte here against libcrypto's 0.6, so below about
    /// a megabyte the opening costs more than it saves.
    static let libcryptoWorthOpening = 1 << 20

    /// The engine for one digest of `count` bytes: libcrypto when an earlier digest opened it or
    /// the bytes are many enough to pay for opening it, else the portable code.
    package static func engine(forOneDigestOf count: Int, libcryptoOpen: Bool) -> Engine {
        libcryptoOpen || count >= libcryptoWorthOpening ? .libcrypto : .portable
    }

    /// The digest as 64 lower-case hex digits; the same again if asked twice.
    ///
    /// Empty when libcrypto failed on the way, so a check against a recorded digest fails
    /// rather than passing bytes nobody hashed.
    package func finish() -> String {
        if let digest { return digest }
        var bytes = [UInt8](repeating: 0, count: 32)
        switch context {
        case let .libcrypto(evp):
            if cb_sha256_libcrypto_finish(evp, &bytes) == 0 { failed = true }
        case let .portable(portable):
            cb_sha256_finish(portable, &bytes)
        }
        let hex = failed ? "" : bytes.map { byte in
            let digits = String(byte, radix: 16)
            return byte < 16 ? "0" + digits : digits
        }.joined()
        digest = hex
        return hex
    }
}
