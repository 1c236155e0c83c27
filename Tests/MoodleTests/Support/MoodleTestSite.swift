import CourseKit
import Foundation
import HTTP
@testable import Moodle
import TestSupport

/// The site every transport test talks to, and the student's token on it.
enum TestSite {
    static let url = URL(string: "https://learn.example.edu")!
    static let host = "learn.example.edu"
    static let token = "7a0d2c4e6f8091a2b3c4d5e6f7a8b9c0"
    static let credentials = AccessCredentials(token: token, source: "the saved Moodle login", renewal: "coursebrowser login")
    /// 2025-10-15 10:00:00 UTC: the moment "now" in every test.
    static let now = Date(timeIntervalSince1970: 1_760_522_400)
    static let day: TimeInterval = 86_400

    /// Unix seconds `days` from `now` (negative: before).
    static func seconds(days: Double) -> Int {
        Int(now.timeIntervalSince1970 + days * day)
    }

    static func date(days: Double) -> Date {
        Date(timeIntervalSince1970: TimeInterval(seconds(days: days)))
    }

    static func connection(
        _ http: MoodleScriptedHTTP, clock: WallClock = .fixed(now), analytics: Analytics = .noOp, site: URL = url
    ) -> MoodleConnection {
        MoodleConnection(siteURL: site, credentials: credentials, http: http.client, clock: clock, analytics: analytics)
    }

    static func api(_ http: MoodleScriptedHTTP, clock: WallClock = .fixed(now), analytics: Analytics = .noOp, site: URL = url) -> MoodleAPI {
        connection(http, clock: clock, analytics: analytics, site: site).api
    }
}

/// An error Moodle's web service writes in place of an answer (HTTP 200).
func wsError(_ exception: String, _ code: String, _ message: String, debuginfo: String? = nil) -> String {
    let debug = debuginfo.map { #","debuginfo":"\#($0)""# } ?? ""
    return #"{"exception":"\#(exception)","errorcode":"\#(code)","message":"\#(message)"\#(debug)}"#
}

/// An error one of Moodle's scripts (`login/token.php`, `webservice/upload.php`,
/// `webservice/pluginfile.php`) writes: `core_renderer_ajax::fatal_error`.
func scriptError(_ code: String, _ message: String) -> String {
    #"{"error":"\#(message)","errorcode":"\#(code)","stacktrace":null,"debuginfo":null,"reproductionlink":null}"#
}

/// Runs `body` and returns the error it throws, or nil.
func thrownError(_ body: () async throws -> Void) async -> (any Error)? {
    do {
        try await body()
        return nil
    } catch {
        return error
    }
}
