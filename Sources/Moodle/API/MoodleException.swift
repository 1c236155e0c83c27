import CourseKit
import FoundationEssentials
import TextBasics

/// An error as Moodle writes it in place of an answer, in either of its two shapes: the web
/// service's `{"exception", "errorcode", "message"}` and the `{"error", "errorcode", …}` of its
/// scripts (`login/token.php`, `webservice/upload.php`, `webservice/pluginfile.php`).
struct MoodleException: Decodable, Equatable {
    var errorcode: String
    var message: String
    /// Only sent by sites with debugging on; it says why an `accessexception` was raised.
    var debuginfo: String?

    private enum CodingKeys: String, CodingKey {
        case exception, error, errorcode, message, debuginfo
    }

    /// The error in `body`, or nil when `body` is not one (an answer, or not JSON).
    init?(_ body: Data) {
        // Every answer of interest that is an error is a small object; a long one is an answer.
        guard body.count < 64 * 1024, body.first(where: { !MoodleAnswer.isSpace($0) }) == UInt8(ascii: "{"),
              let decoded = try? JSONDecoder().decode(Self.self, from: body) else { return nil }
        self = decoded
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let exception = try? container.decodeIfPresent(String.self, forKey: .exception)
        let error = try? container.decodeIfPresent(String.self, forKey: .error)
        guard exception != nil || error != nil else {
            throw DecodingError.dataCorruptedError(forKey: .errorcode, in: container, debugDescription: "not an error")
        }
        errorcode = (try? container.decodeIfPresent(String.self, forKey: .errorcode)) ?? exception ?? "error"
        message = ((try? container.decodeIfPresent(String.self, forKey: .message)) ?? error ?? errorcode).trimming(.whitespacesAndNewlines)
        debuginfo = try? container.decodeIfPresent(String.self, forKey: .debuginfo)
    }

    /// The error a person reads for this exception, raised by `function` on `host`.
    func error(host: String, function: String, credentials: AccessCredentials) -> MoodleError {
        switch errorcode {
        case "invalidtoken":
            return .invalidToken(host: host, source: credentials.source, renewal: credentials.renewal)
        case "accessexception" where debuginfo?.containsIgnoringCase("token expired") == true:
            return .invalidToken(host: host, source: credentials.source, renewal: credentials.renewal)
        case "accessexception":
            return .notAllowed(host: host, function: function)
        case "sitemaintenance":
            return .maintenance(host: host)
        case "requireloginerror", "errorcoursecontextnotvalid", "coursehidden", "notingroup":
            return .notAccessible(host: host, message: shownMessage)
        case "nopermissions", "nopermission", "noviewdiscussionspermission", "nopermissiontoviewgrades", "nopostforum":
            return .notPermitted(host: host, message: shownMessage)
        default:
            return .exception(host: host, code: errorcode, message: shownMessage)
        }
    }

    /// The message as one short line: Moodle's messages may carry HTML.
    private var shownMessage: String {
        let text = MoodleText.plain(message)
        return text.isEmpty ? errorcode : String(text.prefix(300))
    }
}
