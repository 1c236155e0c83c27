import CourseKit
import FoundationEssentials
import HTTP

/// One Canvas, one user, one way to reach it: what every Canvas client value is made from.
public struct CanvasConnection: Sendable {
    /// Canvas's address, normalized by `CanvasBaseURL`.
    public var baseURL: URL
    public var credentials: CanvasCredentials
    public var http: HTTPClient
    public var clock: WallClock
    /// Where answers Canvas should not have sent are described, never with the token.
    public var analytics: Analytics

    public init(baseURL: URL, credentials: CanvasCredentials, http: HTTPClient, clock: WallClock, analytics: Analytics) {
        self.baseURL = baseURL
        self.credentials = credentials
        self.http = http
        self.clock = clock
        self.analytics = analytics
    }

    var api: CanvasAPI {
        CanvasAPI(baseURL: baseURL, credentials: credentials, http: http, clock: clock, analytics: analytics)
    }
}
