import CourseKit
import Foundation
import HTTP
@testable import Moodle
import Testing
import TestSupport

/// `MoodleAPI.call`: one POST to the REST server per function, the token in the form only, the
/// parameters in PHP's bracket syntax, and every error Moodle writes in place of an answer read
/// as the `MoodleError` it means.
struct MoodleAPICallTests {
    let http = MoodleScriptedHTTP()

    static let siteInfo = #"""
    {"sitename":"Learn &amp; Grow","username":"sv2026001","firstname":"Lan","lastname":"Nguyễn","fullname":"Lan Nguyễn",
     "lang":"en","userid":3,"siteurl":"https://learn.example.edu",
     "userpictureurl":"https://learn.example.edu/theme/image.php/boost/core/1/u/f1",
     "functions":[{"name":"core_webservice_get_site_info","version":"2024100700"},{"name":"mod_assign_save_submission","version":"2024100700"}],
     "downloadfiles":1,"uploadfiles":1,"release":"4.5.5+ (Build: 20250613)","version":"2024100705.01","mobilecssurl":"",
     "advancedfeatures":[{"name":"usecomments","value":1}],"usercanmanageownfiles":true,"userquota":104857600,
     "usermaxuploadfilesize":104857600,"userhomepage":1,"userprivateaccesskey":"abc","siteid":1,"sitecalendartype":"gregorian",
     "usercalendartype":"gregorian","userissiteadmin":false,"theme":"boost","limitconcurrentlogins":0,"policyagreed":1}
    """#

    @Test func aCallIsOnePostToTheRESTServerWithTheTokenInTheFormAndNeverInTheAddress() async throws {
        http.on("core_webservice_get_site_info", json: Self.siteInfo)
        _ = try await TestSite.api(http).call("core_webservice_get_site_info")
        let sent = try #require(http.requests.first)
        #expect(http.requests.count == 1)
        #expect(sent.request.method == "POST")
        #expect(sent.url.scheme == "https")
        #expect(sent.url.host == TestSite.host)
        #expect(sent.url.path == "/webservice/rest/server.php")
        let query = URLComponents(url: sent.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        #expect(query.map(\.name) == ["moodlewsrestformat", "wsfunction"])
        #expect(sent.query("moodlewsrestformat") == "json")
        #expect(sent.function == "core_webservice_get_site_info")
        #expect(!sent.url.absoluteString.contains(TestSite.token), "the token never goes in the address, which logs keep")
        #expect(sent.request.headers["Content-Type"] == "application/x-www-form-urlencoded")
        #expect(sent.field("wstoken") == TestSite.token)
        #expect(sent.fieldNames == ["wstoken"], "no settings and no parameters for a plain call")
        #expect(!sent.request.isSentAtMostOnce)
    }

    @Test func aSiteInAFolderKeepsItsFolderInTheAddress() async throws {
        for site in ["https://example.edu/moodle", "https://example.edu/moodle/"] {
            let http = MoodleScriptedHTTP()
            http.on("core_webservice_get_site_info", json: Self.siteInfo)
            _ = try await TestSite.api(http, site: try #require(URL(string: site))).call("core_webservice_get_site_info")
            #expect(http.requests.first?.url.path == "/moodle/webservice/rest/server.php", "\(site)")
        }
    }

    @Test func listsAndOptionsGoInPHPBracketForm() async throws {
        http.on("mod_assign_get_assignments", json: #"{"courses":[],"warnings":[]}"#)
        http.on("core_course_get_contents", json: "[]")
        let api = TestSite.api(http)
        _ = try await api.assignments(CourseID(5))
        _ = try await api.contents(CourseID(5), module: 42)
        let assignments = try #require(http.calls("mod_assign_get_assignments").first)
        #expect(assignments.form.map { "\($0.0)=\($0.1)" } == ["wstoken=\(TestSite.token)", "courseids[0]=5"])
        let contents = try #require(http.calls("core_course_get_contents").first)
        #expect(contents.form.dropFirst().map { "\($0.0)=\($0.1)" } == ["courseid=5", "options[0][name]=cmid", "options[0][value]=42"])
        // The brackets are percent-encoded on the wire, as a browser's form would send them.
        #expect(String(decoding: assignments.request.body ?? Data(), as: UTF8.self).contains("courseids%5B0%5D=5"))
    }

    @Test func parametersKeepTheirOrderAndBooleansAreOneAndZero() {
        var parameters = MoodleParameters()
        parameters.add("assignmentid", 11)
        parameters.add("acceptsubmissionstatement", true)
        parameters.add("ignore", false)
        parameters.add("ids", list: ["4", "9"])
        parameters.add("options", options: [("excludecontents", "1"), ("cmid", "42")])
        #expect(parameters.pairs.map { "\($0.0)=\($0.1)" } == [
            "assignmentid=11", "acceptsubmissionstatement=1", "ignore=0", "ids[0]=4", "ids[1]=9",
            "options[0][name]=excludecontents", "options[0][value]=1", "options[1][name]=cmid", "options[1][value]=42",
        ])
        #expect(parameters.adding("x", "y").pairs.count == parameters.pairs.count + 1)
    }

    @Test func aRawCallAsksForTextAsStoredWithItsFileAddressesUnchanged() async throws {
        http.on("mod_assign_get_submission_status", json: #"{"warnings":[]}"#)
        _ = try await TestSite.api(http).submissionStatus(11, raw: true)
        let sent = try #require(http.requests.first)
        #expect(sent.fieldNames == ["wstoken", "moodlewssettingraw", "moodlewssettingfileurl", "assignid"])
        #expect(sent.field("moodlewssettingraw") == "1")
        #expect(sent.field("moodlewssettingfileurl") == "0")
        #expect(sent.field("assignid") == "11")
    }

    // MARK: - Errors

    struct ErrorCase: Sendable, CustomTestStringConvertible {
        var name: String
        var response: HTTPResponse
        var expected: MoodleError
        var isTransient: Bool
        var changedNothing: Bool
        var testDescription: String { name }
    }

    static let function = "mod_assign_get_assignments"
    static let host = TestSite.host
    static let token = MoodleError.invalidToken(host: host, source: "the saved Moodle login", renewal: "coursebrowser login")

    static let errorCases: [ErrorCase] = [
        ErrorCase(
            name: "invalidtoken", response: .json(wsError("moodle_exception", "invalidtoken", "Invalid token - token not found")),
            expected: token, isTransient: false, changedNothing: true
        ),
        ErrorCase(
            name: "accessexception",
            response: .json(wsError("webservice_access_exception", "accessexception", "Access control exception")),
            expected: .notAllowed(host: host, function: function), isTransient: false, changedNothing: true
        ),
        ErrorCase(
            name: "accessexception, function not in the service (debugging on)",
            response: .json(wsError(
                "webservice_access_exception", "accessexception", "Access control exception",
                debuginfo: "Access to the function mod_assign_get_assignments() is not allowed. There could be multiple reasons for this: 1. The service linked to the user token does not contain the function."
            )),
            expected: .notAllowed(host: host, function: function), isTransient: false, changedNothing: true
        ),
        ErrorCase(
            name: "accessexception, token expired",
            response: .json(wsError(
                "webservice_access_exception", "accessexception", "Access control exception",
                debuginfo: "Invalid token - token expired - check validuntil time for the token"
            )),
            expected: token, isTransient: false, changedNothing: true
        ),
        ErrorCase(
            name: "sitemaintenance",
            response: .json(wsError("moodle_exception", "sitemaintenance", "The site is undergoing maintenance and is currently not available")),
            expected: .maintenance(host: host), isTransient: true, changedNothing: true
        ),
        ErrorCase(
            name: "a login page (text/html)",
            response: .text("<!DOCTYPE html><html><head><title>Log in</title></head><body>SSO</body></html>", headers: ["Content-Type": "text/html; charset=utf-8"]),
            expected: .webPage(host: host), isTransient: true, changedNothing: false
        ),
        ErrorCase(
            name: "a page with no type, starting with <",
            response: .text("\r\n  <html><body>Proxy error</body></html>"),
            expected: .webPage(host: host), isTransient: true, changedNothing: false
        ),
        ErrorCase(
            name: "403 with nothing: web services off",
            response: HTTPResponse(status: 403), expected: .webServicesOff(host: host), isTransient: false, changedNothing: true
        ),
        ErrorCase(
            name: "503 climaintenance",
            response: .text("<html><body>Moodle under maintenance</body></html>", status: 503, headers: ["Content-Type": "text/html", "Retry-After": "300"]),
            expected: .maintenance(host: host, retryAfter: 300), isTransient: true, changedNothing: true
        ),
        ErrorCase(
            name: "404: no Moodle here", response: .text("<html>Not Found</html>", status: 404, headers: ["Content-Type": "text/html"]),
            expected: .noMoodle(host: host), isTransient: false, changedNothing: true
        ),
        ErrorCase(
            name: "a redirect to a login page",
            response: HTTPResponse(status: 302, headers: ["Location": "https://sso.example.edu/login"]),
            expected: .webPage(host: host), isTransient: true, changedNothing: false
        ),
        ErrorCase(
            name: "500", response: .text("", status: 500), expected: .server(host: host, status: 500), isTransient: true, changedNothing: false
        ),
        ErrorCase(
            name: "requireloginerror",
            response: .json(wsError("require_login_exception", "requireloginerror", "Course or activity not accessible. (Not enrolled)")),
            expected: .notAccessible(host: host, message: "Course or activity not accessible. (Not enrolled)"), isTransient: false, changedNothing: true
        ),
        ErrorCase(
            name: "nopermissions",
            response: .json(wsError("required_capability_exception", "nopermissions", "Sorry, but you do not currently have permissions to do that (Submit assignment).")),
            expected: .notPermitted(host: host, message: "Sorry, but you do not currently have permissions to do that (Submit assignment)."),
            isTransient: false, changedNothing: true
        ),
        ErrorCase(
            name: "invalidparameter",
            response: .json(wsError("invalid_parameter_exception", "invalidparameter", "Invalid parameter value detected", debuginfo: "Missing required key in single structure: courseid")),
            expected: .exception(host: host, code: "invalidparameter", message: "Invalid parameter value detected"), isTransient: false, changedNothing: true
        ),
        ErrorCase(
            name: "a database write that failed midway",
            response: .json(wsError("dml_write_exception", "dmlwriteexception", "Error writing to database")),
            expected: .exception(host: host, code: "dmlwriteexception", message: "Error writing to database"), isTransient: false, changedNothing: false
        ),
    ]

    @Test(arguments: errorCases)
    func anErrorInPlaceOfTheAnswerIsTheMoodleErrorItMeans(_ errorCase: ErrorCase) async throws {
        http.on(Self.function, { _ in errorCase.response })
        let error = await thrownError { _ = try await TestSite.api(http).assignments(CourseID(5)) }
        let moodle = try #require(error as? MoodleError, "\(String(describing: error))")
        #expect(moodle == errorCase.expected)
        #expect(moodle.isTransient == errorCase.isTransient)
        #expect(moodle.changedNothing == errorCase.changedNothing)
        #expect(!moodle.userMessage.contains(TestSite.token))
    }

    @Test func maintenanceSaysHowLongToWaitAndAnInvalidTokenSaysHowToRenewIt() {
        #expect(MoodleError.maintenance(host: "h", retryAfter: 300).retryAfter == 300)
        #expect(MoodleError.webPage(host: "h").retryAfter == nil)
        #expect(Self.token.userMessage.contains("the saved Moodle login"))
        #expect(Self.token.userMessage.contains("Run coursebrowser login again"))
        #expect(MoodleError.invalidToken(host: "h", source: "MOODLE_TOKEN").userMessage.contains("Security keys"))
        #expect(MoodleError.refused(action: "save", reason: "closed").changedNothing)
        #expect(!MoodleError.refused(action: "save", reason: "closed").isTransient)
        #expect(MoodleError.draftExpired(days: 4).changedNothing)
        #expect(!MoodleError.draftExpired(days: 4).isTransient)
        #expect(MoodleError.unexpectedResponse(host: "h").isTransient)
        #expect(!MoodleError.unexpectedResponse(host: "h").changedNothing)
    }

    @Test func anAnswerOfTheWrongShapeIsUnexpectedAndLoggedWithoutTheToken() async throws {
        let events = Recorder<AnalyticsEvent>()
        http.on(Self.function, json: #"[{"id":5}]"#)
        let error = await thrownError { _ = try await TestSite.api(http, analytics: Analytics(track: events.record)).assignments(CourseID(5)) }
        #expect(error as? MoodleError == .unexpectedResponse(host: TestSite.host))
        let event = try #require(events.values.first)
        #expect(event.name == "unexpected_response")
        #expect(event.properties["function"] == Self.function)
        #expect(event.properties["host"] == TestSite.host)
        #expect(!event.properties.values.contains { $0.contains(TestSite.token) })
    }

    @Test func aRedirectIsNeverFollowedAndIsLoggedWithoutTheToken() async throws {
        let events = Recorder<AnalyticsEvent>()
        http.on(Self.function, { _ in HTTPResponse(status: 303, headers: ["Location": "https://sso.example.edu/?token=\(TestSite.token)"]) })
        let error = await thrownError { _ = try await TestSite.api(http, analytics: Analytics(track: events.record)).assignments(CourseID(5)) }
        #expect(error as? MoodleError == .webPage(host: TestSite.host))
        #expect(http.requests.count == 1, "the form carries the token: never sent on to the redirect's target")
        #expect(events.values.first?.properties["status"] == "303")
        #expect(!events.values.flatMap(\.properties.values).contains { $0.contains(TestSite.token) })
    }

    @Test func aCourseIDThatIsNoNumberNamesNoCourseAndAsksNothing() async throws {
        let error = await thrownError { _ = try await TestSite.api(http).assignments(try #require(CourseID("sis:ABC"))) }
        #expect(error as? CourseNotFound != nil)
        #expect(http.requests.isEmpty)
    }

    @Test func theProbeSucceedsOnlyWhenTheSiteAnswers() async throws {
        http.on("core_webservice_get_site_info", json: Self.siteInfo, wsError("moodle_exception", "sitemaintenance", "Maintenance"))
        let probe = MoodleProbe.make(TestSite.connection(http))
        #expect(await probe())
        #expect(await !probe())
    }

    @Test func courseFilesCantBeAddedOnMoodle() async throws {
        let error = await thrownError { try await UploadTransport.moodle.upload(uploadJob(), URL(fileURLWithPath: "/dev/null"), { _ in }) }
        let moodle = try #require(error as? MoodleError)
        #expect(!moodle.isTransient)
        #expect(moodle.userMessage.contains("hand files in to an assignment"))
        #expect(BackendCapabilities.moodle.lmsName == "Moodle")
    }
}
