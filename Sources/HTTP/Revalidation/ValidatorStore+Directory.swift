import FileSystem
import FoundationEssentials

extension ValidatorStore {
    /// Answers kept as files in `directory` (made when first needed), at most `limit` bytes in
    /// all and none older than `maxAge`; saving waits for the disk off the cooperative pool.
    package static func directory(_ directory: URL, limit: Int64 = 100_000_000, maxAge: TimeInterval = 30 * 24 * 3600) -> ValidatorStore {
        let files = ValidatorDirectory(path: directory.path, limit: limit, maxAge: maxAge)
        return ValidatorStore(
            validators: { files.validators($0) },
            answer: { files.answer($0) },
            save: { key, answer in _ = try? await Files.offload { _ in files.save(key, answer) } },
            remove: { key in _ = try? await Files.offload { _ in files.remove(key) } }
        )
    }
}
