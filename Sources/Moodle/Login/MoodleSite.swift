import CourseKit
import FoundationEssentials
import HTTP
import TextBasics

/// What a login asks a Moodle site, before and just after it has a token.
public enum MoodleSite {
    /// How the site wants to be logged in to.
    public enum LoginKind: Equatable, Sendable {
        /// The app asks for the username and password (`typeoflogin` 1).
        case password
        /// Single sign-on in a browser (`typeoflogin` 2 or 3).
        case browser
    }

    /// What `tool_mobile_get_public_config` tells anyone.
    public struct Config: Equatable, Sendable {
        /// The site's own address (its `wwwroot`).
        public var siteURL: URL
        public var name: String
        public var login: LoginKind
        /// The ways to sign in besides the site's own form, by name (Google, the school's SSO).
        public var identityProviders: [String]
    }

    /// The token's user and the site, from `core_webservice_get_site_info`.
    public struct Account: Equatable, Sendable {
        public var userID: String
        public var fullName: String
        public var username: String
        public var siteName: String
        /// `4.5.5+ (Build: 20250613)`, where the site says.
        public var release: String?
        /// The functions the token may call.
        public var functions: Set<String>
    }

    /// Asks `site` how it wants to be logged in to, with no credential
    /// (`POST /lib/ajax/service-nologin.php?info=tool_mobile_get_public_config`).
    public static func config(of site: URL, http: HTTPClient) async throws -> Config {
        let url = address(site, "/lib/ajax/service-nologin.php", query: [("info", "tool_mobile_get_public_config")])
        let body = #"[{"index":0,"methodname":"tool_mobile_get_public_config","args":{}}]"#
        let request = HTTPRequest(method: "POST", url: url, headers: ["Content-Type": "application/json", "Accept": "application/json"], body: Data(body.utf8))
        let response = try await http.send(request)
        let host = WebOrigin(site)?.displayHost ?? site.absoluteString
        if response.status == 503 { throw MoodleLoginError.maintenance(host: host, message: nil) }
        guard response.status == 200, !MoodleAnswer.isWebPage(response),
              let answer = (try? JSONDecoder().decode([MoodleAjaxAnswer<MoodlePublicConfig>].self, from: response.body))?.first,
              let config = answer.data, !answer.error, let root = URL(string: config.wwwroot)
        else { throw MoodleLoginError.notMoodle(address: site.absoluteString) }
        if !config.enablewebservices.value || !config.enablemobilewebservice.value {
            throw MoodleLoginError.mobileServiceOff(host: host)
        }
        if config.maintenanceenabled.value {
            throw MoodleLoginError.maintenance(host: host, message: config.maintenancemessage.flatMap(MoodleText.name))
        }
        return Config(
            siteURL: root,
            name: MoodleText.name(config.sitename) ?? host,
            login: config.typeoflogin.value == 1 ? .password : .browser,
            identityProviders: (config.identityproviders ?? []).compactMap { MoodleText.name($0.name) }
        )
    }

    /// A token for the mobile app's service from the username and password
    /// (`POST /login/token.php`); the password goes in the form, never in the address.
    public static func token(at site: URL, username: String, password: String, http: HTTPClient) async throws -> String {
        let form = [("username", username), ("password", password), ("service", "moodle_mobile_app")]
        let request = HTTPRequest(
            method: "POST", url: address(site, "/login/token.php"),
            headers: ["Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json"],
            body: Data(FormEncoding.encode(form).utf8)
        )
        let response = try await http.send(request)
        let host = WebOrigin(site)?.displayHost ?? site.absoluteString
        if response.status == 503 { throw MoodleLoginError.maintenance(host: host, message: nil) }
        guard response.status == 200, !MoodleAnswer.isWebPage(response) else { throw MoodleLoginError.notMoodle(address: site.absoluteString) }
        if let failure = MoodleException(response.body) {
            switch failure.errorcode {
            case "invalidlogin": throw MoodleLoginError.wrongPassword(host: host)
            case "sitemaintenance": throw MoodleLoginError.maintenance(host: host, message: nil)
            case "enablewsdescription", "servicenotavailable": throw MoodleLoginError.mobileServiceOff(host: host)
            default: throw MoodleLoginError.refused(host: host, code: failure.errorcode, message: MoodleText.plain(failure.message))
            }
        }
        guard let token = (try? JSONDecoder().decode(TokenAnswer.self, from: response.body))?.token.nonBlank else {
            throw MoodleLoginError.notMoodle(address: site.absoluteString)
        }
        return token
    }

    private struct TokenAnswer: Decodable {
        var token: String
    }

    /// Who the token belongs to, and what the site lets it do.
    public static func account(_ connection: MoodleConnection) async throws -> Account {
        let info = try await connection.api.siteInfo(shared: connection.shared)
        return Account(
            userID: String(info.userid.value),
            fullName: MoodleText.name(info.fullname) ?? info.username,
            username: info.username,
            siteName: MoodleText.name(info.sitename) ?? connection.api.host,
            release: info.release?.nonBlank,
            functions: Set((info.functions ?? []).map(\.name))
        )
    }

    static func address(_ site: URL, _ path: String, query: [(String, String)] = []) -> URL {
        MoodleAPI(siteURL: site, credentials: AccessCredentials(token: "", source: ""), http: .unimplemented, clock: .live, analytics: .noOp)
            .url(path, query: query)
    }
}
