import CourseKit
import FoundationEssentials
import SavedCopies
import Synchronization

/// Learns whose saved copies to show and to write: the site's origin and the token's user.
///
/// A token always belongs to one user, so the user it was last seen to belong to is taken
/// as it is: a start without a network shows that user's copies at once, and the site is not
/// asked again. A token never seen, or whose user was kept in a file since damaged (the store
/// reads no user ID in it), is asked of the site (Canvas's `GET /api/v1/users/self`, Moodle's
/// `core_webservice_get_site_info`) once, when the first answer is to be saved, and the answer
/// is remembered for the next start, replacing the damage.
final class SavedCopyAccounts: Sendable {
    let origin: String
    private let store: SavedCopyStore
    private let account: SiteAccount
    private let state: Mutex<State>

    private enum State {
        case known(SavedCopyAccount)
        case unknown
        /// The one question to the site, shared by every answer that arrives while it is asked.
        case asking(Task<SavedCopyAccount?, Never>)
        /// The site said no for good (a token without the right to read its profile): nothing is saved.
        case refused
    }

    init(origin: String, store: SavedCopyStore, account: SiteAccount) {
        self.origin = origin
        self.store = store
        self.account = account
        let user = store.knownUser(origin: origin, token: account.credentials.token)
        state = Mutex(user.map { .known(SavedCopyAccount(origin: origin, user: $0)) } ?? .unknown)
    }

    /// The token's account when it is known: seen at an earlier start, or learned since.
    var remembered: SavedCopyAccount? {
        state.withLock { state in
            if case let .known(account) = state { return account }
            return nil
        }
    }

    /// The token's account; nil while the site can't say (asked again next time) or if it refused.
    func current() async -> SavedCopyAccount? {
        let asking: Task<SavedCopyAccount?, Never>? = state.withLock { state in
            switch state {
            case .known, .refused:
                return nil
            case let .asking(task):
                return task
            case .unknown:
                let task = ask()
                state = .asking(task)
                return task
            }
        }
        guard let asking else { return remembered }
        return await asking.value
    }

    private func ask() -> Task<SavedCopyAccount?, Never> {
        let (origin, store, site) = (origin, store, account)
        return Task { [weak self] in
            do {
                let account = SavedCopyAccount(origin: origin, user: try await site.whoAmI().id)
                store.remember(user: account.user, origin: origin, token: site.credentials.token)
                self?.settle(.known(account))
                return account
            } catch {
                let forGood = (error as? any TransientError)?.isTransient == false
                self?.settle(forGood ? .refused : .unknown)
                return nil
            }
        }
    }

    private func settle(_ outcome: State) {
        state.withLock { $0 = outcome }
    }
}
