import Foundation

/// Asks Canvas the cheapest question there is, to learn whether it answers again.
public enum CanvasProbe {
    /// A probe that succeeds when `GET /api/v1/users/self` is answered with a success.
    public static func make(baseURL: URL, token: String, http: HTTPClient, clock: WallClock) -> @Sendable () async -> Bool {
        let api = CanvasAPI(baseURL: baseURL, token: token, http: http, clock: clock, analytics: .noOp, throttleDelays: [])
        return {
            let url = api.url("/api/v1/users/self")
            return (try? await api.send(url, course: nil)) != nil
        }
    }
}
