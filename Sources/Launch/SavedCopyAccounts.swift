import Canvas
import CourseKit
import Foundation
import SavedCopies
import Synchronization

/// Learns whose saved copies to show and to write: the Canvas's origin and the token's user.
///
/// At start the user is the one this token was last seen to belong to, so a start without a
/// network shows that user's copies at once; `GET /api/v1/users/self` is asked once, when
/// the first answer is to be saved, and what it says is remembered for the next start.
final class SavedCopyAccounts: Sendable {
    let origin: String
    private let store: SavedCopyStore
    private let connection: CanvasConnection
    /// The one question to Canvas, shared by every answer that arrives while it is asked.
    private let asking = Mutex<Task<SavedCopyAccount?, Never>?>(nil)

    init(origin: String, store: SavedCopyStore, connection: CanvasConnection) {
        self.origin = origin
        self.store = store
        self.connection = connection
    }

    /// The account whose copies were saved by this token before, if any.
    var remembered: SavedCopyAccount? {
        store.knownUser(origin: origin, token: connection.credentials.token).map { SavedCopyAccount(origin: origin, user: $0) }
    }

    /// The token's account, asked of Canvas once; nil while Canvas can't say (asked again next time).
    func current() async -> SavedCopyAccount? {
        let task = asking.withLock { asking in
            if let asking { return asking }
            let (origin, store, connection) = (origin, store, connection)
            let task = Task<SavedCopyAccount?, Never> {
                guard let user = try? await CanvasUser.id(connection) else { return nil }
                store.remember(user: user, origin: origin, token: connection.credentials.token)
                return SavedCopyAccount(origin: origin, user: user)
            }
            asking = task
            return task
        }
        let account = await task.value
        if account == nil {
            asking.withLock { if $0 == task { $0 = nil } }
        }
        return account
    }
}
