import CourseKit
import FoundationEssentials

/// One tool the server offers: what a client lists (its name, what it does, the arguments it
/// takes as a JSON Schema) and what a call runs.
struct MCPTool: Sendable {
    var name: String
    var title: String
    var description: String
    /// The JSON Schema of its arguments: an object, each property described.
    var inputSchema: PrettyJSON.Value
    /// Reads what the call asks for; throws `SavedCopyFallback.Failure` for what it can't.
    var run: @Sendable (_ arguments: MCPArguments, _ context: MCPContext) async throws -> MCPToolAnswer.Data

    /// What a call with `arguments` answers.
    func answer(_ arguments: MCPArguments, _ context: MCPContext) async -> MCPToolAnswer {
        if let stray = arguments.stray(for: inputSchema) { return .usage(stray) }
        await context.settleWrites()
        do {
            return .data(try await run(arguments, context))
        } catch let failure as SavedCopyFallback.Failure {
            return .failure(failure)
        } catch {
            return .failure(kind: FailureKind.of(error).rawValue, message: userMessage(for: error))
        }
    }

    /// The tool as `tools/list` gives it; every one only reads, and reads the person's own site.
    var listing: PrettyJSON.Value {
        .object([
            "name": .string(name),
            "title": .string(title),
            "description": .string(description),
            "inputSchema": inputSchema,
            "annotations": .object([
                "title": .string(title),
                "readOnlyHint": .bool(true),
                "destructiveHint": .bool(false),
                "idempotentHint": .bool(true),
                "openWorldHint": .bool(true),
            ]),
        ])
    }

    /// An object schema of `properties` (each a name and its schema), `required` of them needed.
    static func schema(_ properties: [String: PrettyJSON.Value], required: [String] = []) -> PrettyJSON.Value {
        .object([
            "type": .string("object"),
            "properties": .object(properties),
            "required": .array(required.map(PrettyJSON.Value.string)),
            "additionalProperties": .bool(false),
        ])
    }

    /// A property's schema: its JSON type and what it means.
    static func property(_ type: String, _ description: String, extra: [String: PrettyJSON.Value] = [:]) -> PrettyJSON.Value {
        .object(extra.merging(["type": .string(type), "description": .string(description)]) { _, own in own })
    }
}
