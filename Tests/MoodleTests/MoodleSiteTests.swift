import CourseKit
import Foundation
import HTTP
@testable import Moodle
import Testing
import TestSupport

/// What a login asks the site (`MoodleSite`): how it wants to be logged in to
/// (`tool_mobile_get_public_config`), a token for a password (`login/token.php`), and whose the
/// token is (`core_webservice_get_site_info`) (research/1-login-site.md §1–§5).
struct MoodleSiteTests {
    let http = MoodleScriptedHTTP()

    static func publicConfig(
        typeoflogin: Int = 1, webservices: Int = 1, mobile: Int = 1, maintenance: Int = 0, message: String = "",
        providers: String = "", wwwroot: String = "https://learn.example.edu"
    ) -> String {
        #"""
        [{"error":false,"data":{"wwwroot":"\#(wwwroot)","httpswwwroot":"\#(wwwroot)","sitename":"Learn &amp; Grow",
        "guestlogin":0,"rememberusername":2,"authloginviaemail":0,"registerauth":"","forgottenpasswordurl":"",
        "authinstructions":"","authnoneenabled":0,"enablewebservices":\#(webservices),"enablemobilewebservice":\#(mobile),
        "maintenanceenabled":\#(maintenance),"maintenancemessage":"\#(message)","typeoflogin":\#(typeoflogin),
        "launchurl":"\#(wwwroot)/admin/tool/mobile/launch.php","mobilecssurl":"","tool_mobile_disabledfeatures":"",
        \#(providers)"country":"","agedigitalconsentverification":false,"supportpage":"","supportavailability":1,"autolang":1,"lang":"en",
        "langmenu":1,"langlist":"","locale":"","tool_mobile_minimumversion":"","tool_mobile_iosappid":"633359593",
        "tool_mobile_androidappid":"com.moodle.moodlemobile","tool_mobile_setuplink":"https://download.moodle.org/mobile",
        "tool_mobile_qrcodetype":1,"warnings":[],"showloginform":1,"tool_mfa_enabled":false,
        "enableloginrecaptcha":false,"enableforgotpasswordrecaptcha":false}}]
        """#
    }

    func config() async throws -> MoodleSite.Config {
        try await MoodleSite.config(of: TestSite.url, http: http.client)
    }

    func serveConfig(_ body: String) {
        http.on(path: "/lib/ajax/service-nologin.php", { _ in .json(body) })
    }

    // MARK: - Public config

    @Test func thePublicConfigIsAskedWithNoCredential() async throws {
        serveConfig(Self.publicConfig())
        let config = try await config()
        #expect(config.siteURL.absoluteString == "https://learn.example.edu")
        #expect(config.name == "Learn & Grow")
        #expect(config.login == .password)
        #expect(config.identityProviders == [])
        let sent = try #require(http.requests.first)
        #expect(sent.request.method == "POST")
        #expect(sent.url.absoluteString == "https://learn.example.edu/lib/ajax/service-nologin.php?info=tool_mobile_get_public_config")
        let body = try JSONSerialization.jsonObject(with: sent.request.body ?? Data()) as? [[String: Any]]
        #expect(body?.first?["methodname"] as? String == "tool_mobile_get_public_config")
        #expect(body?.first?["index"] as? Int == 0)
        #expect((body?.first?["args"] as? [String: Any])?.isEmpty == true)
    }

    @Test(arguments: [2, 3])
    func singleSignOnIsABrowserLoginWithItsProviders(_ type: Int) async throws {
        serveConfig(Self.publicConfig(typeoflogin: type, providers: #"""
        "identityproviders":[{"name":"Google","iconurl":"https://accounts.google.com/favicon.ico","url":"https://learn.example.edu/auth/oauth2/login.php?id=1"},{"name":"Trường &amp; SSO","iconurl":"","url":"https://learn.example.edu/auth/saml2/login.php"}],
        """#))
        let config = try await config()
        #expect(config.login == .browser)
        #expect(config.identityProviders == ["Google", "Trường & SSO"])
    }

    @Test func theSitesOwnAddressIsKeptWhenItDiffersFromTheOneGiven() async throws {
        serveConfig(Self.publicConfig(wwwroot: "https://moodle.example.edu/lms"))
        #expect(try await config().siteURL.absoluteString == "https://moodle.example.edu/lms")
    }

    @Test(arguments: [(0, 1), (1, 0), (0, 0)])
    func aSiteWithoutTheMobileServiceCantBeLoggedInTo(_ webservices: Int, _ mobile: Int) async throws {
        serveConfig(Self.publicConfig(webservices: webservices, mobile: mobile))
        let error = await thrownError { _ = try await config() }
        #expect(error as? MoodleLoginError == .mobileServiceOff(host: TestSite.host))
    }

    @Test func aSiteInMaintenanceSaysItsMessage() async throws {
        serveConfig(Self.publicConfig(maintenance: 1, message: "<p>Back at 10:00 &amp; sorry.</p>"))
        let error = await thrownError { _ = try await config() }
        #expect(error as? MoodleLoginError == .maintenance(host: TestSite.host, message: "Back at 10:00 & sorry."))
    }

    @Test func aSiteInMaintenanceFromTheCommandLineAnswers503() async throws {
        http.on(path: "/lib/ajax/service-nologin.php", { _ in .text("<html>Moodle under maintenance</html>", status: 503, headers: ["Content-Type": "text/html", "Retry-After": "300"]) })
        let error = await thrownError { _ = try await config() }
        #expect(error as? MoodleLoginError == .maintenance(host: TestSite.host, message: nil))
    }

    @Test(arguments: [
        HTTPResponse.text("<!DOCTYPE html><html><body>Welcome to our blog</body></html>", headers: ["Content-Type": "text/html"]),
        HTTPResponse.text("Not found", status: 404),
        HTTPResponse.json(#"[{"error":true,"exception":{"message":"Web service is not available (it doesn't exist or might be disabled)","errorcode":"servicenotavailable","link":"https://learn.example.edu/","moreinfourl":"https://docs.moodle.org/405/en/error/webservice/servicenotavailable"}}]"#),
        HTTPResponse.json(#"{"error":"Invalid json in request: Syntax error","errorcode":"codingerror","stacktrace":null,"debuginfo":null,"reproductionlink":null}"#),
    ])
    func anAddressThatDoesNotAnswerAsMoodleIsNotMoodle(_ response: HTTPResponse) async throws {
        http.on(path: "/lib/ajax/service-nologin.php", { _ in response })
        let error = await thrownError { _ = try await config() }
        #expect(error as? MoodleLoginError == .notMoodle(address: "https://learn.example.edu"))
    }

    // MARK: - Token

    func token() async throws -> String {
        try await MoodleSite.token(at: TestSite.url, username: "sv2026001", password: "Mật-khẩu 1&2=3", http: http.client)
    }

    @Test func aPasswordGetsATokenWithTheCredentialsInTheFormOnly() async throws {
        http.on(path: "/login/token.php", { _ in .json(#"{"token":"\#(TestSite.token)","privatetoken":"Zx9Kq2Lm3Np4Rs5Tu6Vw7Xy8Za1Bc2De3Fg4Hi5Jk6Lm7No8Pq9Rs0Tu1Vw2Xy3Z"}"#) })
        #expect(try await token() == TestSite.token)
        let sent = try #require(http.requests.first)
        #expect(sent.request.method == "POST")
        #expect(sent.url.absoluteString == "https://learn.example.edu/login/token.php")
        #expect(sent.request.headers["Content-Type"] == "application/x-www-form-urlencoded")
        #expect(sent.form.map { "\($0.0)=\($0.1)" } == ["username=sv2026001", "password=Mật-khẩu 1&2=3", "service=moodle_mobile_app"])
    }

    @Test func anAdminsTokenComesWithoutAPrivateToken() async throws {
        http.on(path: "/login/token.php", { _ in .json(#"{"token":"\#(TestSite.token)","privatetoken":null}"#) })
        #expect(try await token() == TestSite.token)
    }

    struct LoginCase: Sendable, CustomTestStringConvertible {
        var code: String
        var message: String
        var expected: MoodleLoginError
        var testDescription: String { code }
    }

    static let loginCases: [LoginCase] = [
        LoginCase(code: "invalidlogin", message: "Invalid login, please try again", expected: .wrongPassword(host: TestSite.host)),
        LoginCase(code: "sitemaintenance", message: "The site is undergoing maintenance", expected: .maintenance(host: TestSite.host, message: nil)),
        LoginCase(code: "enablewsdescription", message: "Web services must be enabled in Advanced features.", expected: .mobileServiceOff(host: TestSite.host)),
        LoginCase(
            code: "servicenotavailable", message: "Web service is not available (it doesn't exist or might be disabled)",
            expected: .mobileServiceOff(host: TestSite.host)
        ),
        LoginCase(
            code: "usernotconfirmed", message: "Could not confirm sv2026001",
            expected: .refused(host: TestSite.host, code: "usernotconfirmed", message: "Could not confirm sv2026001")
        ),
        LoginCase(
            code: "restoredaccountresetpassword", message: "Restored account need to reset password before getting a token.",
            expected: .refused(host: TestSite.host, code: "restoredaccountresetpassword", message: "Restored account need to reset password before getting a token.")
        ),
    ]

    @Test(arguments: loginCases)
    func aRefusedLoginSaysWhyInTheStudentsWords(_ login: LoginCase) async throws {
        http.on(path: "/login/token.php", { _ in .json(scriptError(login.code, login.message)) })
        let error = await thrownError { _ = try await token() }
        #expect(error as? MoodleLoginError == login.expected)
    }

    @Test func aTokenScriptThatIsNoMoodlesIsNotMoodle() async throws {
        http.on(path: "/login/token.php", { _ in .text("<html>404</html>", status: 404, headers: ["Content-Type": "text/html"]) }, { _ in .json(#"{"token":""}"#) })
        #expect(await thrownError { _ = try await token() } as? MoodleLoginError == .notMoodle(address: "https://learn.example.edu"))
        #expect(await thrownError { _ = try await token() } as? MoodleLoginError == .notMoodle(address: "https://learn.example.edu"))
    }

    @Test func theTokenScriptInMaintenanceFromTheCommandLineIsMaintenance() async throws {
        http.on(path: "/login/token.php", { _ in .text("<html>Maintenance</html>", status: 503, headers: ["Content-Type": "text/html"]) })
        #expect(await thrownError { _ = try await token() } as? MoodleLoginError == .maintenance(host: TestSite.host, message: nil))
    }

    // MARK: - Account

    @Test func theAccountIsTheTokensUserAndWhatItMayCall() async throws {
        http.on("core_webservice_get_site_info", json: MoodleAPICallTests.siteInfo)
        let account = try await MoodleSite.account(TestSite.connection(http))
        #expect(account.userID == "3")
        #expect(account.fullName == "Lan Nguyễn")
        #expect(account.username == "sv2026001")
        #expect(account.siteName == "Learn & Grow")
        #expect(account.release == "4.5.5+ (Build: 20250613)")
        #expect(account.functions == ["core_webservice_get_site_info", "mod_assign_save_submission"])
        #expect(http.requests.first?.field("wstoken") == TestSite.token)
    }

    @Test func twoAsksForTheAccountAtOnceShareOneRequest() async throws {
        let gate = Gate()
        // Opened however the test ends, so the requests it holds end too (tasks, not `async let`:
        // those would be awaited, still held, before this runs).
        defer { gate.open() }
        http.on("core_webservice_get_site_info", { _ in
            await gate.wait()
            return .json(MoodleAPICallTests.siteInfo)
        })
        let connection = TestSite.connection(http)
        let first = Task { try await MoodleSite.account(connection) }
        let second = Task { try await MoodleSite.account(connection) }
        try await Task.sleep(for: .milliseconds(300))
        gate.open()
        let (one, two) = try await (first.value, second.value)
        #expect(one == two)
        #expect(http.requests.count == 1)
    }

    @Test func aTokenTheSiteRefusesFailsTheAccount() async throws {
        http.on("core_webservice_get_site_info", json: wsError("moodle_exception", "invalidtoken", "Invalid token - token not found"))
        let error = await thrownError { _ = try await MoodleSite.account(TestSite.connection(http)) }
        #expect(error as? MoodleError == .invalidToken(host: TestSite.host, source: TestSite.credentials.source, renewal: TestSite.credentials.renewal))
    }
}
