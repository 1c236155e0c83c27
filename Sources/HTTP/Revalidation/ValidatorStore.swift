import FileSystem
import FoundationEssentials

/// Where a revalidating client keeps the last answer to each GET that came with validators.
///
/// A key names an (Authorization, URL) pair; it is a digest, so no token is ever kept.
package struct ValidatorStore: Sendable {
    /// The validators kept for `key`, read without the body: what every GET asks first.
    package var validators: @Sendable (_ key: String) -> Validators?
    /// The whole answer kept for `key`, read when the server says it is still current.
    package var answer: @Sendable (_ key: String) -> StoredAnswer?
    /// Keeps `answer` for `key`, replacing what was kept; best effort.
    package var save: @Sendable (_ key: String, _ answer: StoredAnswer) async -> Void
    /// Forgets what was kept for `key`: the server answered in full without validators.
    package var remove: @Sendable (_ key: String) async -> Void
    /// Waits, blocking its thread, until what `save` and `remove` took on is done or `seconds`
    /// have passed; whether it is. What a process about to exit calls.
    package var settle: @Sendable (_ seconds: Double) -> Bool

    package init(
        validators: @escaping @Sendable (_ key: String) -> Validators? = { _ in nil },
        answer: @escaping @Sendable (_ key: String) -> StoredAnswer? = { _ in nil },
        save: @escaping @Sendable (_ key: String, _ answer: StoredAnswer) async -> Void = { _, _ in },
        remove: @escaping @Sendable (_ key: String) async -> Void = { _ in },
        settle: @escaping @Sendable (_ seconds: Double) -> Bool = { _ in true }
    ) {
        self.validators = validators
        self.answer = answer
        self.save = save
        self.remove = remove
        self.settle = settle
    }

    /// The key of `request`'s answer: 64 hex digits of SHA-256 over its `Authorization` and URL,
    /// so two tokens never share an answer and neither can be read back from the key.
    package static func key(for request: HTTPRequest) -> String {
        SHA256.hex(of: ((request.header("Authorization") ?? "") + "\n" + request.url.absoluteString).utf8)
    }
}
