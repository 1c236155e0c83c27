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

/// What a tool call answered: its data and when the saved copy it came from was saved (nil: the
/// site's answer now), or why it could not answer, as the command line's failures say it.
enum MCPToolAnswer: Sendable {
    /// What a tool read, and when the saved copy it came from was saved (nil: the site's answer now).
    struct Data: Sendable {
        var value: PrettyJSON.Value
        var savedAt: Date?

        init(_ value: PrettyJSON.Value, savedAt: Date?) {
            self.value = value
            self.savedAt = savedAt
        }
    }

    case data(Data)
    case failure(kind: String, message: String)

    static func failure(_ failure: SavedCopyFallback.Failure) -> MCPToolAnswer {
        .failure(kind: failure.kind.rawValue, message: failure.message)
    }

    /// Arguments the tool can't use: a failure of kind `usage`.
    static func usage(_ message: String) -> MCPToolAnswer {
        .failure(kind: FailureKind.usage.rawValue, message: message)
    }
}

/// A tool call's arguments, read as its schema gives them.
struct MCPArguments: Sendable {
    var values: [String: PrettyJSON.Value]

    /// Why the arguments don't fit `schema`'s properties: one it doesn't name; nil when they fit.
    func stray(for schema: PrettyJSON.Value) -> String? {
        let known = Set(schema["properties"]?.objectValue?.keys.map { $0 } ?? [])
        return values.keys.sorted().first { !known.contains($0) }.map { "unknown argument '\($0)'" }
    }

    /// The course `course_id` names, given as a string or a whole number.
    func course(_ name: String = "course_id") throws(SavedCopyFallback.Failure) -> CourseID {
        let text: String? = switch values[name] {
        case let .string(text)?: text
        case let value?: value.integerValue.map(String.init)
        case nil: nil
        }
        guard let text, let id = CourseID(text.trimming(.whitespaces)) else {
            throw SavedCopyFallback.Failure(message: "\(name) needs a course ID, as the courses tool gives it", kind: .usage)
        }
        return id
    }

    /// A text argument; nil when it is not given.
    func text(_ name: String) throws(SavedCopyFallback.Failure) -> String? {
        switch values[name] {
        case nil, .null?: return nil
        case let .string(text)?: return text
        default: throw SavedCopyFallback.Failure(message: "\(name) must be a string", kind: .usage)
        }
    }

    /// A whole-number argument within `range`, else `fallback` when it is not given.
    func integer(_ name: String, in range: ClosedRange<Int>, else fallback: Int) throws(SavedCopyFallback.Failure) -> Int {
        guard let value = values[name], value != .null else { return fallback }
        guard let whole = value.integerValue, range.contains(Int(clamping: whole)) else {
            throw SavedCopyFallback.Failure(message: "\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound)", kind: .usage)
        }
        return Int(whole)
    }
}

