import CourseKit

/// Why logging in to a Moodle site did not give a token, in words for the person at the terminal.
public enum MoodleLoginError: UserFacingError, Equatable {
    /// The address answers, but not as a Moodle site does.
    case notMoodle(address: String)
    /// Web services, or the mobile app service, are off on the site: no app can log in.
    case mobileServiceOff(host: String)
    /// The site is in maintenance; `message` is the site's own, as text.
    case maintenance(host: String, message: String?)
    /// `invalidlogin`: the username or password is wrong.
    case wrongPassword(host: String)
    /// `login/token.php` refused for another reason, in Moodle's words.
    case refused(host: String, code: String, message: String)
    /// The site says its address is another than the one given.
    case otherAddress(given: String, site: String)
    /// What was pasted is neither an address the site sent back after signing in nor a token.
    case notAToken
    /// The address pasted was not made for this site and this login (its signature doesn't match).
    case wrongSignature

    public var userMessage: String {
        switch self {
        case let .notMoodle(address):
            return "\(address) doesn't answer as a Moodle site does; check the site address"
        case let .mobileServiceOff(host):
            return "\(host) has the Moodle app's web service turned off, so no app can log in; "
                + "ask the site's administrators to enable it (Site administration → General → Mobile app)"
        case let .maintenance(host, message):
            return "\(host) is in maintenance" + (message.map { ": \($0)" } ?? "; try again later")
        case let .wrongPassword(host):
            return "\(host) refused the username or password"
        case let .refused(host, code, message):
            return "\(host) refused the login: \(message) (\(code))"
        case let .otherAddress(given, site):
            return "\(given) says its address is \(site); log in with that address"
        case .notAToken:
            return "That is neither a moodlemobile://token=… address nor a token; nothing was saved"
        case .wrongSignature:
            return "That address was not made for this login to this site (its signature doesn't match); start the login again"
        }
    }
}
