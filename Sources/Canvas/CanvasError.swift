import CourseKit
import FoundationEssentials

/// A Canvas answer that means the request can't succeed as it is.
public enum CanvasError: UserFacingError, TransientError, Equatable {
    /// 401 for the token itself: wrong, expired or revoked. `source` says where it came from,
    /// and `renewal`, for a saved login, the command that logs in again.
    case invalidToken(host: String, source: String, renewal: String? = nil)
    /// 401 "unauthorized" (or a 403 that is not throttling): the token is fine, the user may not do this.
    case notPermitted(CanvasResource)
    /// 404 on something that belongs to a course.
    case notFound(CanvasResource)
    /// 404 on an address every Canvas answers: the base URL is not a Canvas.
    case noCanvasAPI(host: String)
    /// A 5xx or another status Canvas should not send.
    case server(host: String, status: Int)
    /// Throttled for longer than a person should watch a spinner; `retryAfter` is Canvas's own wait, if it gave one.
    case throttled(host: String, retryAfter: TimeInterval?)
    /// A body that is not the JSON expected.
    case unexpectedResponse(host: String)
    /// 400 with Canvas's reason, for a request it will never take as it is (a submission of a file type the assignment refuses).
    case refused(CanvasResource, reason: String)
    /// A hand-in Canvas turned away because the assignment (by its name) is locked for the user, before making anything.
    case assignmentLocked(name: String)

    public var userMessage: String {
        switch self {
        case let .invalidToken(host, source, renewal):
            let problem = "\(host) rejected the access token from \(source): it is wrong, expired or revoked."
            guard let renewal else { return problem + " Make a new one in Canvas under Account → Settings" }
            return problem + " Run \(renewal) again with a new one"
        case let .notPermitted(resource):
            return "You don't have permission to \(resource.permissionPhrase)"
        case let .notFound(resource):
            return resource.missingMessage ?? "Not found on Canvas"
        case let .noCanvasAPI(host):
            return "No Canvas API at \(host); check the Canvas URL"
        case let .server(host, status):
            return "Canvas error at \(host) (HTTP \(status))"
        case let .throttled(host, retryAfter):
            guard let retryAfter, retryAfter > 60 else { return "\(host) is rate limiting requests; try again in a minute" }
            return "\(host) is rate limiting requests; try again in \(Int((retryAfter / 60).rounded(.up))) min"
        case let .unexpectedResponse(host):
            return "Unexpected response from \(host)"
        case let .refused(resource, reason):
            return "Canvas refused to \(resource.refusalPhrase): \(reason)"
        case let .assignmentLocked(name):
            return "\(name) is locked: Canvas takes no submissions to it"
        }
    }

    /// Canvas answered that it would not do it: an answer about the token, a permission, a
    /// missing thing, throttling, a refusal or a locked assignment comes before anything is
    /// done; a 5xx or an answer that can't be read may come after.
    public var changedNothing: Bool {
        switch self {
        case .invalidToken, .notPermitted, .notFound, .noCanvasAPI, .throttled, .refused, .assignmentLocked:
            return true
        case let .server(_, status):
            return (400..<500).contains(status) && status != 408
        case .unexpectedResponse:
            return false
        }
    }

    /// How long Canvas asked to wait before the next try, when it said.
    public var retryAfter: TimeInterval? {
        if case let .throttled(_, retryAfter) = self { return retryAfter }
        return nil
    }

    public var isTransient: Bool {
        switch self {
        case .invalidToken, .notPermitted, .notFound, .noCanvasAPI, .refused, .assignmentLocked:
            return false
        case let .server(_, status):
            return Self.isTransient(status: status)
        case .throttled:
            return true
        case .unexpectedResponse:
            // A proxy's error page or a half-rolled-out server; unknown, so retried.
            return true
        }
    }

    /// Server errors and answers that mean "not now"; a 404 here is not a course (that is
    /// `notFound`) but an upload link or file record the server forgot, which a fresh
    /// attempt replaces. Other 4xx answers repeat themselves.
    static func isTransient(status: Int) -> Bool {
        (500..<600).contains(status) || [404, 408, 409, 410, 425, 429].contains(status)
    }
}
