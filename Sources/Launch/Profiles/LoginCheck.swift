import Canvas
import CourseKit
import FoundationEssentials
import HTTP

/// Asks Canvas whose a token is (`GET /api/v1/users/self`), as `login` does before it saves
/// anything: the answer proves both the URL and the token.
public enum LoginCheck {
    /// The name of the user `token` belongs to on the Canvas at `url`, trusting the
    /// authorities in `caBundle` as well as libcurl's own.
    public static func userName(at url: URL, token: String, requestTimeoutSeconds: Int?, caBundle: String?) async throws(LoginCheckError) -> String {
        let engine = HTTPEngine(caBundle: caBundle)
        // Left before `login` goes on to exit, so no thread is inside libcurl then.
        defer { engine.shutDown() }
        let http = HTTPClient.curl(engine, timeouts: HTTPTimeouts(request: .seconds(requestTimeoutSeconds ?? 30)))
        let credentials = AccessCredentials(token: token, source: "login")
        let connection = CanvasConnection(baseURL: url, credentials: credentials, http: http, clock: .live, analytics: .noOp)
        do {
            return try await CanvasUser.profile(connection).name
        } catch {
            throw LoginCheckError(error, url: url)
        }
    }
}

/// Why `login` saved nothing, in one line.
public struct LoginCheckError: UserFacingError, Equatable {
    public let userMessage: String

    init(_ error: any Error, url: URL) {
        let host = WebOrigin(url)?.displayHost ?? url.absoluteString
        switch error {
        case CanvasError.invalidToken:
            userMessage = "\(host) rejected the access token: it is wrong, expired or revoked."
                + " Make a new one in Canvas under Account → Settings → New Access Token"
        case CanvasError.noCanvasAPI, CanvasError.unexpectedResponse, CanvasError.notFound:
            userMessage = "\(url.absoluteString) doesn't answer as Canvas does; check the Canvas URL"
        case NetworkError.unreachable:
            // The whole URL, port and scheme included: a typo in either is the likeliest cause.
            userMessage = "Can't reach \(url.absoluteString); check the URL and the network"
        default:
            userMessage = (error as? any UserFacingError)?.userMessage ?? "Can't check the login with \(host)"
        }
    }
}
