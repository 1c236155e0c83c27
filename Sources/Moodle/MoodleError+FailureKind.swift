import CourseKit

extension MoodleError: ClassifiedFailure {
    public var failureKind: FailureKind {
        switch self {
        // A web page where JSON was expected is most often a single sign-on front's login page.
        case .invalidToken, .webPage: .auth
        case .notAllowed, .notAccessible, .notPermitted: .permission
        case .maintenance, .server, .unexpectedResponse: .server
        // The site's own setup, or an answer no wait will change.
        case .webServicesOff, .noMoodle, .exception, .refused, .draftExpired: .failed
        }
    }
}
