/// A file whose bytes, read to be sent, no longer have the SHA-256 recorded when it was captured.
///
/// Thrown before its last bytes leave, so the receiver never gets a whole wrong copy.
package struct DigestMismatch: Error, Equatable, Sendable {
    package var path: String

    package init(path: String) {
        self.path = path
    }
}
