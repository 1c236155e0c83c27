import CourseKit
import FoundationEssentials
import HTTP

/// One Canvas, one user, one way to reach it: what every Canvas client value is made from.
public struct CanvasConnection: Sendable {
    /// Canvas's address, normalized by `SiteBaseURL`.
    public var baseURL: URL
    public var credentials: AccessCredentials
    public var http: HTTPClient
    public var clock: WallClock
    /// Where answers Canvas should not have sent are described, never with the token.
    public var analytics: Analytics
    /// The process's gate for Canvas's rate budget, which every request with the token passes.
    public var rateBudget: RateBudgetClient

    public init(
        baseURL: URL, credentials: AccessCredentials, http: HTTPClient, clock: WallClock, analytics: Analytics,
        rateBudget: RateBudgetClient = .noOp
    ) {
        self.baseURL = baseURL
        self.credentials = credentials
        self.http = http
        self.clock = clock
        self.analytics = analytics
        self.rateBudget = rateBudget
    }

    var api: CanvasAPI {
        let host = WebOrigin(baseURL)?.displayHost ?? baseURL.absoluteString
        return CanvasAPI(
            baseURL: baseURL, credentials: credentials, http: http.budgeted(by: rateBudget, host: host, clock: clock), clock: clock,
            analytics: analytics
        )
    }
}
