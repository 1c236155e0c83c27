import Dispatch

/// A SHA-256 computed on a queue of its own, so hashing a file overlaps sending it.
///
/// Each update is copied and handed over at once; at most `depth` copies wait, so a caller
/// faster than the hashing waits for it and memory stays bounded. `finish` waits for the rest.
package final class BackgroundSHA256: @unchecked Sendable {
    // Touched only on `queue`, which runs one block at a time.
    private let digest: SHA256
    private let queue = DispatchQueue(label: "coursebrowser.sha256")
    private let slots: DispatchSemaphore

    package init(engine: SHA256.Engine = .libcrypto, depth: Int = 16) {
        digest = SHA256(engine: engine)
        slots = DispatchSemaphore(value: depth)
    }

    package func update(_ bytes: UnsafeRawBufferPointer) {
        guard !bytes.isEmpty else { return }
        slots.wait()
        let copy = [UInt8](bytes)
        queue.async {
            copy.withUnsafeBytes { self.digest.update($0) }
            self.slots.signal()
        }
    }

    /// The digest of everything handed over, once it is all hashed.
    package func finish() -> String {
        queue.sync { digest.finish() }
    }
}
