import Dispatch
import FileSystem
import FoundationEssentials

extension ValidatorStore {
    /// Answers kept as files in `directory` (made when first needed), at most `limit` bytes in
    /// all and none older than `maxAge`.
    ///
    /// Saving and forgetting are done in order on a queue of their own, so an answer goes on to
    /// its caller while it is kept (its digest, its head's JSON and the file took a cold
    /// command's answer a millisecond longer to print); `settle` waits for them.
    package static func directory(_ directory: URL, limit: Int64 = 100_000_000, maxAge: TimeInterval = 30 * 24 * 3600) -> ValidatorStore {
        let files = ValidatorDirectory(path: directory.path, limit: limit, maxAge: maxAge)
        let writer = DispatchQueue(label: "coursebrowser.validators")
        let writes = WritesUnderWay()
        let inOrder = { @Sendable (work: @escaping @Sendable () -> Void) in
            writes.began()
            writer.async {
                work()
                writes.ended()
            }
        }
        return ValidatorStore(
            validators: { files.validators($0) },
            answer: { files.answer($0) },
            save: { key, answer in inOrder { files.save(key, answer) } },
            remove: { key in inOrder { files.remove(key) } },
            settle: { writes.waitUntilNone(within: $0) }
        )
    }
}
