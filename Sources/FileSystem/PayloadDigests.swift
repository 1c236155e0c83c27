/// The SHA-256 each queued file must still have when it is read to be sent, by path.
///
/// The upload queue knows what it captured; the code that streams a file to the network is
/// several calls below it, behind transports that know nothing of digests. Bound for the
/// duration of one send, this lets the code that builds the body check the bytes as they go.
package enum PayloadDigests {
    @TaskLocal package static var expected: [String: String] = [:]
}
