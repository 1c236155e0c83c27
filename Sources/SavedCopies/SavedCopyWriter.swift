import FileSystem
import Synchronization

/// Writes a backend's answers to a store in the background, in the order they came, for the
/// account `account` names once it is known (nil: nothing is saved).
///
/// An answer is shown at once, never after its copy is on disk; each write waits for the one
/// before, so an older answer never lands last.
final class SavedCopyWriter: Sendable {
    private let store: SavedCopyStore
    private let account: @Sendable () async -> SavedCopyAccount?
    private let lastSave = Mutex<Task<Void, Never>?>(nil)

    init(store: SavedCopyStore, account: @escaping @Sendable () async -> SavedCopyAccount?) {
        self.store = store
        self.account = account
    }

    func save<Value: Codable & Sendable>(_ value: Value, as key: SavedCopyKey) {
        perform { store, account in store.write(value, as: key, of: account) }
    }

    /// Does `write` with the store and the account once it is known, after every write before it.
    func perform(_ write: @escaping @Sendable (SavedCopyStore, SavedCopyAccount) -> Void) {
        let store = store
        let account = account
        store.writeBegan()
        lastSave.withLock { last in
            let before = last
            last = Task.detached(priority: .utility) {
                defer { store.writeEnded() }
                await before?.value
                guard let account = await account() else { return }
                _ = try? await Files.offload { _ in write(store, account) }
            }
        }
    }
}
