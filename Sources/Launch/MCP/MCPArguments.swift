import CourseKit
import FoundationEssentials

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
        // An ID is one segment of a path: `..` or a slash would name another address of the site.
        guard let text, let id = CourseID(text.trimming(.whitespaces)), ![".", ".."].contains(id.rawValue), !id.rawValue.contains("/") else {
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
