import CourseKit
import FoundationEssentials
import TextBasics

/// Reads RFC 8288 `Link` headers, as Canvas uses them for pagination.
enum LinkHeader {
    /// The URL of the link with relation `relation`, if present.
    static func url(_ relation: String, in header: String?) -> URL? {
        guard let header else { return nil }
        for link in header.split(separator: ",") {
            let parts = link.split(separator: ";").map { $0.trimming(.whitespaces) }
            guard let target = parts.first, target.hasPrefix("<"), target.hasSuffix(">") else { continue }
            let relations = parts.dropFirst().compactMap(relationValue)
            if relations.contains(where: { $0.split(separator: " ").contains(Substring(relation)) }) {
                return URL(string: String(target.dropFirst().dropLast()))
            }
        }
        return nil
    }

    private static func relationValue(_ parameter: String) -> String? {
        let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimming(.whitespaces) }
        guard pair.count == 2, pair[0].lowercased() == "rel" else { return nil }
        return pair[1].trimming(ScalarSet(charactersIn: "\""))
    }
}
