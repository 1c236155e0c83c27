import CourseKit
import FoundationEssentials
import HTTP
import NetworkErrors

/// One Moodle site, one user's token, one way to reach it: what every Moodle client value is made from.
///
/// Clients made from one connection share what two of them ask at once (a course's contents
/// serve both its modules and its files), so make one connection for a run and every client from it.
public struct MoodleConnection: Sendable {
    /// The site's address, its `wwwroot`, normalized by `SiteBaseURL`.
    public var siteURL: URL
    public var credentials: AccessCredentials
    public var http: HTTPClient
    public var clock: WallClock
    /// Where answers Moodle should not have sent are described, never with the token.
    public var analytics: Analytics
    let shared: MoodleShared

    /// `knownUserID` is the token's user where an earlier run learned it (its saved copies are
    /// kept by it): the course list, asked for by user, then needs no question first.
    public init(
        siteURL: URL, credentials: AccessCredentials, http: HTTPClient, clock: WallClock, analytics: Analytics, knownUserID: Int? = nil
    ) {
        self.siteURL = siteURL
        self.credentials = credentials
        self.http = http
        self.clock = clock
        self.analytics = analytics
        shared = MoodleShared(userID: knownUserID)
    }

    var api: MoodleAPI {
        MoodleAPI(siteURL: siteURL, credentials: credentials, http: http, clock: clock, analytics: analytics)
    }
}
