import CourseBrowser
import CourseKit
import FoundationEssentials
import TerminalUI

/// A `tools/call` request: the tool it names and its arguments.
struct MCPCall: Sendable {
    var tool: MCPTool
    var arguments: MCPArguments

    /// The call `request` makes, when it names a tool and gives its arguments as an object.
    static func prepare(_ request: MCPRequest) -> MCPCall? {
        guard let name = request.params["name"]?.stringValue, let tool = MCPTools.named(name) else { return nil }
        switch request.params["arguments"] {
        case nil, .null?: return MCPCall(tool: tool, arguments: MCPArguments(values: [:]))
        case let .object(values)?: return MCPCall(tool: tool, arguments: MCPArguments(values: values))
        default: return nil
        }
    }

    /// Why `request` is no call `prepare` could make: a protocol error, as an unknown tool is.
    static func refusal(_ request: MCPRequest) -> MCPError {
        guard let name = request.params["name"]?.stringValue else {
            return MCPError(code: MCPProtocol.invalidParams, message: "Invalid params: tools/call needs the tool's name")
        }
        guard MCPTools.named(name) != nil else {
            return MCPError(code: MCPProtocol.invalidParams, message: "Unknown tool: \(Sanitizer.clean(Sanitizer.cut(name, limit: 100)))")
        }
        return MCPError(code: MCPProtocol.invalidParams, message: "Invalid params: arguments must be an object")
    }

    /// The call's result: what the tool read and its source, or its failure as a tool error.
    func answer(_ context: MCPContext) async -> Result<PrettyJSON.Value, MCPError> {
        .success(MCPCall.result(await tool.answer(arguments, context), context: context))
    }

    /// A tool's answer as a `tools/call` result: the structured content, the same as JSON text,
    /// and `isError` for a failure, whose kind is the command line's.
    static func result(_ answer: MCPToolAnswer, context: MCPContext) -> PrettyJSON.Value {
        switch answer {
        case let .data(data):
            let content = PrettyJSON.Value.object(["source": source(data, context: context), "data": data.value]).sanitized
            return .object([
                "content": .array([.object(["type": .string("text"), "text": .string(PrettyJSON.text(content))])]),
                "structuredContent": content,
                "isError": .bool(false),
            ])
        case let .failure(kind, message):
            let error = PrettyJSON.Value.object(["error": .object(["kind": .string(kind), "message": .string(message)])]).sanitized
            return .object([
                "content": .array([.object(["type": .string("text"), "text": .string("\(kind): \(Sanitizer.clean(message))")])]),
                "structuredContent": error,
                "isError": .bool(true),
            ])
        }
    }

    /// Where an answer came from: the site now, or a copy saved on this machine and how old it is.
    static func source(_ data: MCPToolAnswer.Data, context: MCPContext) -> PrettyJSON.Value {
        let now = context.now
        return .object([
            "site": .string(context.site),
            "from": .string(data.savedAt == nil ? "site" : "saved_copy"),
            "saved_at": .string(data.savedAt?.formatted(.iso8601)),
            "age": .string(data.savedAt.map { DueListing.age(of: $0, now: now) }),
            "read_at": .string(now.formatted(.iso8601)),
        ])
    }
}
