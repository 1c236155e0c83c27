import CanvasJSON
import CourseKit
import FoundationEssentials

extension Catalog {
    /// Reads a catalog document, `{"courses": [ … ]}`, naming `source` in any error.
    ///
    /// A course that can't be read, or whose ID an earlier course already has, is left
    /// out and named in `skipped`; the rest still load.
    public static func decode(_ data: Data, source: String) throws -> Catalog {
        let document: Document
        do {
            document = try JSONDecoder().decode(Document.self, from: data)
        } catch let error as DecodingError {
            throw CatalogError.malformed(path: source, detail: describe(error, in: data))
        }
        var catalog = Catalog(entries: [])
        var firstIndex: [CourseID: Int] = [:]
        for (index, element) in document.courses.enumerated() {
            switch element.result {
            case let .failure(error):
                catalog.skipped.append("Skipped a course: \(describe(error, in: data))")
            case let .success(course):
                let entry = course.entry
                if let earlier = firstIndex[entry.course.id] {
                    catalog.skipped.append("Skipped a course: courses[\(index)] has ID \(entry.course.id), already used by courses[\(earlier)]")
                    continue
                }
                firstIndex[entry.course.id] = index
                catalog.entries.append(entry)
            }
        }
        return catalog
    }

    private struct Document: Decodable {
        var courses: [Element]
    }

    /// One course of the list, or why it could not be read.
    private struct Element: Decodable {
        var result: Result<CanvasCourse, DecodingError>

        init(from decoder: any Decoder) throws {
            do {
                result = .success(try CanvasCourse(from: decoder))
            } catch let error as DecodingError {
                result = .failure(error)
            }
        }
    }

    private static func describe(_ error: DecodingError, in data: Data) -> String {
        switch error {
        case let .typeMismatch(type, context):
            return "\(path(context.codingPath)): expected \(typeName(type))"
        case let .valueNotFound(type, context):
            return "\(path(context.codingPath)): expected \(typeName(type)), found null"
        case let .keyNotFound(key, context):
            let place = context.codingPath.isEmpty ? "the top level" : path(context.codingPath)
            return "\"\(key.stringValue)\" is missing in \(place)"
        case let .dataCorrupted(context):
            if let syntax = JSONSyntaxError.locate(in: data) {
                return syntax.description
            }
            return "\(path(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "unreadable JSON"
        }
    }

    /// A coding path in the form people read JSON: `courses[3].term.name`.
    private static func path(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text.isEmpty ? "top level" : text
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is Int.Type, is Double.Type: return "a number"
        case is String.Type: return "a string"
        case is Bool.Type: return "true or false"
        case is [Any].Type: return "a list"
        case is [String: Any].Type: return "an object"
        default:
            let name = String(describing: type)
            if name.hasPrefix("Array") { return "a list" }
            if name.hasPrefix("Dictionary") { return "an object" }
            return "a different value"
        }
    }
}

extension CanvasCourse {
    var entry: Catalog.Entry {
        Catalog.Entry(
            course: course,
            syllabusHTML: syllabus_body,
            modules: (modules ?? []).map(\.module).sorted { $0.position < $1.position },
            assignments: (assignments ?? []).map(\.assignment)
        )
    }
}
