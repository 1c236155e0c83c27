import CourseKit
import TextBasics

/// Reads a course total as Moodle formats it for the student (`grade_format_gradevalue`):
/// `85.00 %`, `B+`, `B+ (85.00 %)`, `85.00 (B+)`, a plain `8.25`, or `-` for none.
enum MoodleGradeText {
    /// The grade `text` shows: a percentage where it gives one, the letter (or the points, or
    /// the scale's word) as written; nil for no grade.
    static func courseGrade(_ text: String?) -> Course.Grade? {
        guard let text = text.map(MoodleText.plain)?.trimming(.whitespaces), !text.isEmpty, text != "-" else { return nil }
        let parts = split(text)
        var letter: String?
        var score: Double?
        for part in parts {
            if let percent = percentage(part) {
                score = score ?? percent
            } else if letter == nil {
                letter = part
            }
        }
        // `85.00 (B+)`: the points lead and the letter follows; the letter says more.
        if parts.count == 2, score == nil, Double(decimal(parts[0])) != nil {
            letter = parts[1]
        }
        return Course.Grade(letter: letter, score: score)
    }

    /// `B+ (85.00 %)` as `["B+", "85.00 %"]`; a text without brackets as itself.
    private static func split(_ text: String) -> [String] {
        guard let open = text.firstIndex(of: "("), text.hasSuffix(")") else { return [text] }
        let outer = text[..<open].trimming(.whitespaces)
        let inner = text[text.index(after: open)..<text.index(before: text.endIndex)].trimming(.whitespaces)
        return [outer, inner].filter { !$0.isEmpty }
    }

    /// `85.00 %` or `85,00%` as 85.
    private static func percentage(_ part: String) -> Double? {
        guard part.hasSuffix("%") else { return nil }
        let number = decimal(String(part.dropLast()).trimming(.whitespaces))
        return Double(number).flatMap { $0.isFinite ? $0 : nil }
    }

    /// A number as a site in another language may write it, with a decimal comma.
    private static func decimal(_ text: String) -> String {
        text.replacing(",", with: ".")
    }
}
