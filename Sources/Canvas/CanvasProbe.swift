import CourseKit
import FoundationEssentials
import HTTP

/// Asks Canvas the cheapest question there is, to learn whether it answers again.
public enum CanvasProbe {
    /// A probe that succeeds when `GET /api/v1/users/self` is answered with a success.
    public static func make(baseURL: URL, credentials: AccessCredentials, http: HTTPClient, clock: WallClock) -> @Sendable () async -> Bool {
        let api = CanvasAPI(baseURL: baseURL, credentials: credentials, http: http, clock: clock, analytics: .noOp, throttleDelays: [])
        return {
            let url = api.url("/api/v1/users/self")
            return (try? await api.send(url, resource: .profile)) != nil
        }
    }
}
