/// A Canvas answer that means the request can't succeed as it is.
public enum CanvasError: UserFacingError, Equatable {
    /// 401: the token is wrong, expired or revoked.
    case unauthorized(host: String)
    /// 404 on a course: no such course, or not visible to this user.
    case courseNotFound(CourseID)
    /// 403 that is not throttling.
    case forbidden(host: String)
    /// A 5xx or another status Canvas should not send.
    case server(host: String, status: Int)
    /// Throttled so many times in a row that waiting longer would look like a hang.
    case throttled(host: String)
    /// A body that is not the JSON expected.
    case unexpectedResponse(host: String)

    public var userMessage: String {
        switch self {
        case let .unauthorized(host): return "\(host) rejected the access token (401); check CANVAS_TOKEN"
        case let .courseNotFound(id): return "No course with ID \(id)"
        case let .forbidden(host): return "\(host) says you don't have access (403)"
        case let .server(host, status): return "Canvas error at \(host) (HTTP \(status))"
        case let .throttled(host): return "\(host) is rate limiting requests; try again in a minute"
        case let .unexpectedResponse(host): return "Unexpected response from \(host)"
        }
    }
}
