import CourseKit
import FoundationEssentials
import TextBasics

/// The server's resources: the course list, what is due, the queue, and each course and its
/// grades, announcements and files, under `coursebrowser://`; each read is its tool's answer.
enum MCPResources {
    static let scheme = "coursebrowser://"
    static let json = "application/json"

    /// The resources every server has, by the tool that reads each.
    private static let fixed: [(path: String, tool: MCPTool, title: String, description: String)] = [
        ("courses", MCPTools.courses, "Courses", "The current courses, grouped by term, with grades."),
        ("due", MCPTools.due, "What's due this week", "Missing work, then what is due in the next 7 days, day by day."),
        ("queue", MCPTools.queueStatus, "Upload queue", "The hand-ins, uploads and downloads in the queue, and how each stands."),
    ]

    /// What a course's resources hold after its ID, by the tool that reads each.
    private static let parts: [(suffix: String, tool: MCPTool)] = [
        ("", MCPTools.course), ("/grades", MCPTools.grades), ("/announcements", MCPTools.announcements), ("/files", MCPTools.files),
    ]

    static let templates: [PrettyJSON.Value] = parts.map { suffix, tool in
        .object([
            "uriTemplate": .string(scheme + "courses/{course_id}" + suffix),
            "name": .string("course" + suffix.replacing("/", with: "_")),
            "title": .string(tool.title),
            "description": .string(tool.description),
            "mimeType": .string(json),
        ])
    }

    /// The fixed resources, then each course of the course lists saved on this machine (no request is made).
    static func listing(_ context: MCPContext) -> [PrettyJSON.Value] {
        let saved = context.environment.savedCopies
        var seen: Set<CourseID> = []
        let courses = CourseScope.allCases.flatMap { saved.courses($0)?.value ?? [] }.filter { seen.insert($0.id).inserted }
        return fixed.map { resource($0.path, title: $0.title, description: $0.description) }
            + courses.map { resource("courses/\($0.id.rawValue)", title: $0.name, description: "\($0.code): the course, its assignments, announcements and files.") }
    }

    private static func resource(_ path: String, title: String, description: String) -> PrettyJSON.Value {
        .object([
            "uri": .string(scheme + path), "name": .string(path), "title": .string(title),
            "description": .string(description), "mimeType": .string(json),
        ])
    }

    /// The resource `uri`: its tool's answer as JSON text, or the error for a URI no resource has
    /// (`notFoundCode`, which changed between revisions) or a read that failed.
    static func read(_ uri: String, context: MCPContext, notFoundCode: Int) async -> Result<PrettyJSON.Value, MCPError> {
        guard let (tool, arguments) = route(uri) else {
            return .failure(MCPError(code: notFoundCode, message: "Resource not found", data: .object(["uri": .string(uri)])))
        }
        switch await tool.answer(arguments, context) {
        case let .failure(kind, message) where kind == FailureKind.notFound.rawValue:
            return .failure(MCPError(code: notFoundCode, message: "Resource not found: \(message)", data: .object(["uri": .string(uri)])))
        case let .failure(kind, message):
            return .failure(MCPError(code: MCPProtocol.internalError, message: message, data: .object(["kind": .string(kind), "uri": .string(uri)])))
        case let .data(data):
            let content = PrettyJSON.Value.object(["source": MCPCall.source(data, context: context), "data": data.value]).sanitized
            return .success(.object(["contents": .array([.object(["uri": .string(uri), "mimeType": .string(json), "text": .string(PrettyJSON.text(content))])])]))
        }
    }

    /// The tool and arguments that read `uri`.
    private static func route(_ uri: String) -> (MCPTool, MCPArguments)? {
        guard uri.hasPrefix(scheme) else { return nil }
        let path = String(uri.dropFirst(scheme.count))
        if let fixed = fixed.first(where: { $0.path == path }) {
            return (fixed.tool, MCPArguments(values: [:]))
        }
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard segments.count >= 2, segments.count <= 3, segments[0] == "courses", let id = segments[1].percentDecoded, !id.isEmpty else { return nil }
        let suffix = segments.count == 3 ? "/" + segments[2] : ""
        guard let part = parts.first(where: { $0.suffix == suffix }) else { return nil }
        return (part.tool, MCPArguments(values: ["course_id": .string(id)]))
    }
}
