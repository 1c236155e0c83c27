import Canvas
import CourseKit
import FoundationEssentials
import Moodle

/// The site a token logs in to, as the commands speak of it: which LMS and where, where the
/// token comes from, and who it belongs to.
struct SiteAccount: Sendable {
    /// Who the site says the token belongs to.
    struct User: Equatable, Sendable {
        /// The site's own ID of the user, which keeps one user's saved copies apart from another's.
        var id: String
        var name: String
        /// The site's name and version, where it says (Moodle does).
        var siteName: String?
        var release: String?
    }

    var kind: SiteKind
    /// The site's address.
    var url: URL
    var credentials: AccessCredentials
    /// Asks the site who the token belongs to: one request.
    var whoAmI: @Sendable () async throws -> User

    /// The account of Canvas at `connection`: `GET /api/v1/users/self`.
    static func canvas(_ connection: CanvasConnection) -> SiteAccount {
        SiteAccount(kind: .canvas, url: connection.baseURL, credentials: connection.credentials) {
            let profile = try await CanvasUser.profile(connection)
            return User(id: profile.id, name: profile.name)
        }
    }

    /// The account of the Moodle site at `connection`: `core_webservice_get_site_info`.
    static func moodle(_ connection: MoodleConnection) -> SiteAccount {
        SiteAccount(kind: .moodle, url: connection.siteURL, credentials: connection.credentials) {
            let account = try await MoodleSite.account(connection)
            return User(id: account.userID, name: account.fullName, siteName: account.siteName, release: account.release)
        }
    }
}
