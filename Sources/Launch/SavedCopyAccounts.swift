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
    private let learned = Mutex<SavedCopyAccount?>(nil)

    init(origin: String, store: SavedCopyStore, connection: CanvasConnection) {
        self.origin = origin
        self.store = store
        self.connection = connection
    }

    /// The account whose copies were saved by this token before, if any.
    var remembered: SavedCopyAccount? {
        store.knownUser(origin: origin, token: connection.credentials.token).map { SavedCopyAccount(origin: origin, user: $0) }
    }

    /// The token's account, asked of Canvas the first time; nil while Canvas can't say.
    func current() async -> SavedCopyAccount? {
        if let account = learned.withLock({ $0 }) { return account }
        guard let user = try? await CanvasUser.id(connection) else { return nil }
        let account = SavedCopyAccount(origin: origin, user: user)
        learned.withLock { $0 = account }
        store.remember(user: user, origin: origin, token: connection.credentials.token)
        return account
    }
}
