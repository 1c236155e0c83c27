import TerminalUI

/// A JSON-RPC error, answered in place of a result.
struct MCPError: Error {
    var code: Int
    var message: String
    var data: PrettyJSON.Value?
    /// The request it answers; nil (written `null`) when the request's `id` couldn't be read.
    var id: PrettyJSON.Value?

    init(code: Int, message: String, data: PrettyJSON.Value? = nil, id: PrettyJSON.Value? = nil) {
        self.code = code
        self.message = message
        self.data = data
        self.id = id
    }

    /// The error as a message to the client, its text cleaned of what a terminal acts on (a
    /// message may quote the site).
    var reply: PrettyJSON.Value {
        var error: [String: PrettyJSON.Value] = ["code": .integer(Int64(code)), "message": .string(Sanitizer.clean(message))]
        if let data { error["data"] = data.sanitized }
        return .object(["jsonrpc": .string("2.0"), "id": id ?? .null, "error": .object(error)])
    }
}
