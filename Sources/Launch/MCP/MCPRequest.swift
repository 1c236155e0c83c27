/// One message from the client, read as JSON-RPC 2.0 has it: a request (with an `id`, answered)
/// or a notification (without, never answered).
struct MCPRequest {
    /// The request's `id` as the client wrote it (a string or a number); nil for a notification.
    var id: PrettyJSON.Value?
    var method: String
    var params: [String: PrettyJSON.Value]

    /// The protocol revision the request says it speaks in its `_meta` (2026-07-28 and later), if any.
    var declaredVersion: String? {
        params["_meta"]?[MCPProtocol.versionKey]?.stringValue
    }

    /// Whether the request carries the per-request `_meta` a stateless revision asks for.
    var carriesClientMeta: Bool {
        params["_meta"]?[MCPProtocol.versionKey] != nil || params["_meta"]?[MCPProtocol.capabilitiesKey] != nil
    }

    /// The request a line holds, or the error to answer it with (a parse error or an invalid request).
    static func read(_ line: [UInt8]) -> Result<MCPRequest, MCPError> {
        let value: PrettyJSON.Value
        do {
            value = try PrettyJSON.read(line)
        } catch {
            return .failure(MCPError(code: MCPProtocol.parseError, message: "Parse error: \(error.message)"))
        }
        guard case let .object(object) = value else {
            let batch = value.arrayValue != nil
            return .failure(MCPError(code: MCPProtocol.invalidRequest, message: batch ? "Invalid request: batches are not supported" : "Invalid request: not an object"))
        }
        let id = object["id"]
        let readableID = id.flatMap { id -> PrettyJSON.Value? in
            switch id {
            case .string, .integer: id
            default: nil
            }
        }
        guard object["jsonrpc"]?.stringValue == "2.0" else {
            return .failure(MCPError(code: MCPProtocol.invalidRequest, message: "Invalid request: jsonrpc must be \"2.0\"", id: readableID))
        }
        guard let method = object["method"]?.stringValue else {
            return .failure(MCPError(code: MCPProtocol.invalidRequest, message: "Invalid request: no method", id: readableID))
        }
        if let id, readableID == nil {
            return .failure(MCPError(code: MCPProtocol.invalidRequest, message: "Invalid request: id must be a string or a whole number, not \(PrettyJSON.line(id))"))
        }
        let params: [String: PrettyJSON.Value]
        switch object["params"] {
        case nil, .null?: params = [:]
        case let .object(given)?: params = given
        default:
            return .failure(MCPError(code: MCPProtocol.invalidParams, message: "Invalid params: params must be an object", id: readableID))
        }
        return .success(MCPRequest(id: readableID, method: method, params: params))
    }
}
