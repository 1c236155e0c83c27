import CourseKit
import FoundationEssentials
import HTTP

extension CanvasAPI {
    /// Turns a status that is not success into the `CanvasError` a person can read.
    func check(_ response: HTTPResponse, url: URL, resource: CanvasResource) throws {
        switch response.status {
        case 200..<300:
            return
        case 401:
            throw Self.rejectsToken(response)
                ? CanvasError.invalidToken(host: host, source: credentials.source, renewal: credentials.renewal)
                : CanvasError.notPermitted(resource)
        case 403 where isThrottled(response), 429:
            throw CanvasError.throttled(host: host, retryAfter: RetryAfter.seconds(response.header("Retry-After"), now: clock.now()))
        case 403:
            throw CanvasError.notPermitted(resource)
        case 404:
            throw resource.missingMessage == nil ? CanvasError.noCanvasAPI(host: host) : CanvasError.notFound(resource)
        case 400 where resource.explainsRefusals:
            guard let reason = CanvasErrorBody(response.body)?.messages.first(where: { $0.nonBlank != nil }) else {
                throw CanvasError.server(host: host, status: response.status)
            }
            throw CanvasError.refused(resource, reason: String(reason.prefix(300)))
        default:
            if !(500..<600).contains(response.status) {
                logUnexpected(url: url, status: response.status, detail: "unexpected status")
            }
            throw CanvasError.server(host: host, status: response.status)
        }
    }

    /// Whether a 401 is about the token (wrong, expired, revoked) rather than what this user may do.
    ///
    /// Canvas marks a user without permission with `"status":"unauthorized"` and a bad token
    /// with `WWW-Authenticate` or `"status":"unauthenticated"`; a 401 with neither mark (older
    /// Canvas versions send those) is the token.
    static func rejectsToken(_ response: HTTPResponse) -> Bool {
        let body = CanvasErrorBody(response.body)
        switch body?.status?.lowercased() {
        case "unauthorized": return false
        case "unauthenticated": return true
        default: break
        }
        if response.header("WWW-Authenticate") != nil { return true }
        let messages = body?.messages.map { $0.lowercased() } ?? []
        return !messages.contains { $0.contains("not authorized") }
    }
}

/// The parts of a Canvas error body that tell errors apart: `{"status": "unauthorized",
/// "errors": [{"message": "…"}]}`, and the other shapes Canvas uses for its messages
/// (`{"errors": {"base": [{"message": "…"}]}}`, `{"message": "…"}`).
struct CanvasErrorBody: Decodable {
    struct Message: Decodable {
        var message: String?
    }

    var status: String?
    var messages: [String]

    private enum CodingKeys: String, CodingKey {
        case status, errors, message
    }

    init?(_ body: Data) {
        guard let decoded = try? JSONDecoder().decode(Self.self, from: body) else { return nil }
        self = decoded
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        status = try? container.decodeIfPresent(String.self, forKey: .status)
        var messages: [String] = []
        if let list = try? container.decodeIfPresent([Message].self, forKey: .errors) {
            messages += list.compactMap(\.message)
        } else if let byField = try? container.decodeIfPresent([String: [Message]].self, forKey: .errors) {
            messages += byField.keys.sorted().flatMap { byField[$0] ?? [] }.compactMap(\.message)
        }
        if let message = try? container.decodeIfPresent(String.self, forKey: .message) {
            messages.append(message)
        }
        self.messages = messages
    }
}
