import CourseKit
import FoundationEssentials

/// A Moodle answer that means the request can't succeed as it is, in words a student understands.
///
/// Moodle answers its errors with HTTP 200 and `{"exception", "errorcode", "message"}`; each
/// errorcode the app meets becomes one of these, so a section's error row says what happened and
/// the queue knows whether waiting helps.
public enum MoodleError: UserFacingError, TransientError, Equatable {
    /// `invalidtoken`: the token is wrong, expired or revoked. `source` says where it came from,
    /// and `renewal`, for a saved login, the command that logs in again.
    case invalidToken(host: String, source: String, renewal: String? = nil)
    /// `accessexception`: the site does not let this token call `function` (it is not in the
    /// mobile app service, or the service is off).
    case notAllowed(host: String, function: String)
    /// `sitemaintenance`, or the 503 page of maintenance from the command line.
    case maintenance(host: String, retryAfter: TimeInterval? = nil)
    /// The site has web services off: the web service answers 403 with nothing.
    case webServicesOff(host: String)
    /// A web page where JSON was expected: a login page of a single sign-on front, a proxy's page.
    case webPage(host: String)
    /// Nothing answers at the web service's address: the site address is not a Moodle.
    case noMoodle(host: String)
    /// `requireloginerror`, `errorcoursecontextnotvalid`: the course or activity is closed to the user.
    case notAccessible(host: String, message: String)
    /// `nopermissions` and the like: the user may not do this.
    case notPermitted(host: String, message: String)
    /// Any other exception, in Moodle's own words.
    case exception(host: String, code: String, message: String)
    /// A 5xx, or another status the web service should not send.
    case server(host: String, status: Int)
    /// JSON that is not what the function returns.
    case unexpectedResponse(host: String)
    /// Moodle answered with warnings instead of doing it: `action` as "save your submission to
    /// Essay", `reason` in Moodle's own words.
    case refused(action: String, reason: String)
    /// Files uploaded for a hand-in sat in Moodle's draft area longer than it keeps them.
    case draftExpired(days: Int)

    public var userMessage: String {
        switch self {
        case let .invalidToken(host, source, renewal):
            let problem = "\(host) rejected the Moodle token from \(source): it is wrong, expired or revoked."
            guard let renewal else { return problem + " Make a new one in Moodle under Preferences → Security keys" }
            return problem + " Run \(renewal) again"
        case let .notAllowed(host, function):
            return "\(host) doesn't let the app call \(function) (Moodle: Access control exception); "
                + "the site's administrators choose what the mobile app service offers"
        case let .maintenance(host, _):
            return "\(host) is in maintenance; try again later"
        case let .webServicesOff(host):
            return "\(host) has Moodle's web services turned off; the site's administrators can turn on the mobile app service"
        case let .webPage(host):
            return "\(host) answered with a web page instead of Moodle's web service (a login or maintenance page?)"
        case let .noMoodle(host):
            return "No Moodle web service at \(host); check the site address"
        case let .notAccessible(_, message), let .notPermitted(_, message):
            return "Moodle: \(message)"
        case let .exception(host, code, message):
            return "Moodle at \(host): \(message) (\(code))"
        case let .server(host, status):
            return "Moodle error at \(host) (HTTP \(status))"
        case let .unexpectedResponse(host):
            return "Unexpected response from \(host)"
        case let .refused(action, reason):
            return "Moodle did not \(action): \(reason)"
        case let .draftExpired(days):
            let when = days < 1 ? "" : " \(days) day\(days == 1 ? "" : "s") ago"
            return "The files uploaded\(when) were cleared from Moodle's draft area before they were handed in; press r to upload them again"
        }
    }

    /// Waiting may help: maintenance ends, a server recovers, a proxy's page goes away.
    public var isTransient: Bool {
        switch self {
        case .maintenance, .webPage, .unexpectedResponse: return true
        case let .server(_, status): return (500..<600).contains(status) || [404, 408, 409, 425, 429].contains(status)
        case .invalidToken, .notAllowed, .webServicesOff, .noMoodle, .notAccessible, .notPermitted, .exception, .refused, .draftExpired:
            return false
        }
    }

    /// Moodle refused before it did anything: every exception the web service raises while it
    /// checks the token, the function, its parameters or the user's access, and every warning a
    /// hand-in gets back. A server error or a page in place of the answer may come after.
    public var changedNothing: Bool {
        switch self {
        case .invalidToken, .notAllowed, .maintenance, .webServicesOff, .noMoodle, .notAccessible, .notPermitted, .refused, .draftExpired:
            return true
        case let .exception(_, code, _):
            return Self.checksBeforeActing.contains(code)
        case let .server(_, status):
            return (400..<500).contains(status) && status != 408
        case .webPage, .unexpectedResponse:
            return false
        }
    }

    public var retryAfter: TimeInterval? {
        if case let .maintenance(_, retryAfter) = self { return retryAfter }
        return nil
    }

    /// Errorcodes Moodle raises while it checks a call, before the function runs, and those a
    /// forum post raises before the post is made (mod_forum_external::add_discussion_post).
    static let checksBeforeActing: Set<String> = [
        "invalidparameter", "invalidrecord", "missingparam", "codingerror", "invalidresponse",
        "invalidparentpostid", "notpartofdiscussion", "errorinvalidparam", "forumblockingtoomanyposts",
    ]
}
