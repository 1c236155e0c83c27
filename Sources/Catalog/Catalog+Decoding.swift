import CanvasJSON
import CourseKit
import FoundationEssentials

extension Catalog {
    /// Reads a catalog document, `{"courses": [ … ]}`, naming `source` in any error.
    ///
    /// A course that can't be read, or whose ID an earlier course already has, is left
    /// out and named in `skipped`; the rest still load.
    public static func decode(_ data: Data, source: String) throws -> Catalog {
        let elements = try readElements(data, source: source)
        let (courses, skipped) = keepFirstOfEachID(elements) { $0.course.id }
        return Catalog(entries: courses.map(\.entry), skipped: skipped)
    }

    /// Each course of a catalog document, or the line that says why it was left out; the
    /// document's first course is `courses[firstPosition]` of the file, as errors name it.
    static func readElements(_ data: Data, source: String, firstPosition: Int = 0) throws -> [Result<CatalogCourse, SkippedCourse>] {
        let document: Document
        do {
            document = try JSONDecoder().decode(Document.self, from: data)
        } catch let error as DecodingError {
            throw CatalogError.malformed(path: source, detail: describe(error, in: data))
        }
        return document.courses.enumerated().map { index, element in
            element.result.mapError { error in
                let detail = firstPosition == 0
                    ? describe(error, in: data)
                    : describe(error, in: data, prefix: "courses[\(firstPosition + index)]", dropping: 2)
                return SkippedCourse(line: "Skipped a course: \(detail)")
            }
        }
    }

    /// The courses read, in order, but those whose ID an earlier course already has, and a
    /// line for each course left out.
    static func keepFirstOfEachID<Course>(_ elements: [Result<Course, SkippedCourse>], id: (Course) -> CourseID) -> (courses: [Course], skipped: [String]) {
        var courses: [Course] = []
        courses.reserveCapacity(elements.count)
        var skipped: [String] = []
        var firstIndex: [CourseID: Int] = [:]
        firstIndex.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            switch element {
            case let .failure(skip):
                skipped.append(skip.line)
            case let .success(course):
                let id = id(course)
                if let earlier = firstIndex[id] {
                    skipped.append(SkippedCourse.repeated(id, at: index, first: earlier).line)
                    continue
                }
                firstIndex[id] = index
                courses.append(course)
            }
        }
        return (courses, skipped)
    }

    /// Why a course of the document was left out, as the list says it.
    struct SkippedCourse: Error {
        var line: String

        /// The course at `position` has the ID of the one at `first`, which is kept.
        static func repeated(_ id: CourseID, at position: Int, first: Int) -> SkippedCourse {
            SkippedCourse(line: "Skipped a course: courses[\(position)] has ID \(id), already used by courses[\(first)]")
        }
    }

    private struct Document: Decodable {
        var courses: [Element]
    }

    /// One course of the list, or why it could not be read.
    private struct Element: Decodable {
        var result: Result<CatalogCourse, DecodingError>

        init(from decoder: any Decoder) throws {
            do {
                result = .success(try CatalogCourse(from: decoder))
            } catch let error as DecodingError {
                result = .failure(error)
            }
        }
    }

    /// What went wrong, where: the coding path, written after `prefix` when the data decoded
    /// was a part of the document (its first `dropping` keys then lead only into the wrapper).
    static func describe(_ error: DecodingError, in data: Data, prefix: String = "", dropping: Int = 0) -> String {
        func place(_ codingPath: [any CodingKey]) -> String {
            let rest = Array(codingPath.dropFirst(dropping))
            return prefix.isEmpty ? path(rest) : prefix + (rest.isEmpty ? "" : path(rest, continuing: true))
        }
        switch error {
        case let .typeMismatch(type, context):
            return "\(place(context.codingPath)): expected \(typeName(type))"
        case let .valueNotFound(type, context):
            return "\(place(context.codingPath)): expected \(typeName(type)), found null"
        case let .keyNotFound(key, context):
            let isTop = prefix.isEmpty && context.codingPath.count <= dropping
            return "\"\(key.stringValue)\" is missing in \(isTop ? "the top level" : place(context.codingPath))"
        case let .dataCorrupted(context):
            if let syntax = JSONSyntaxError.locate(in: data) {
                return syntax.description
            }
            return "\(place(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "unreadable JSON"
        }
    }

    /// A coding path in the form people read JSON: `courses[3].term.name`.
    private static func path(_ codingPath: [any CodingKey], continuing: Bool = false) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty && !continuing ? key.stringValue : ".\(key.stringValue)"
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
            assignments: (assignments ?? []).map(\.assignment),
            dueOffsets: Catalog.dueOffsets(of: assignments ?? []),
            announcements: (announcements ?? []).map(\.announcement),
            postedAges: Catalog.postedAges(of: announcements ?? [])
        )
    }
}
