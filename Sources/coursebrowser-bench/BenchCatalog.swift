import Foundation

/// Catalog files in Canvas's shape, generated for the benchmark.
enum BenchCatalog {
    static let subjects = ["Lập trình Swift", "Giải tích", "日本語入門", "Data Structures", "Đồ họa máy tính",
                           "Organic Chemistry", "Histoire moderne", "Deutsch für Anfänger", "Español intermedio", "Physics: Mechanics"]

    /// The name of course `index` (from 0), as the list shows it.
    static func name(_ index: Int) -> String {
        "\(subjects[index % subjects.count]) \(index / subjects.count + 100)"
    }

    /// The name of the course with the long syllabus: first in the list, so Enter opens it.
    static let longSyllabusName = "Algorithms (long syllabus)"

    /// Words of the syllabus's first line and of its last, which the benchmark waits for on screen.
    static let syllabusFirstLine = "Tuần học"
    static let syllabusLastLine = "End of the syllabus"

    /// A syllabus of about `bytes` bytes of HTML: headings, paragraphs, lists and entities,
    /// then a last paragraph of its own, so the screen shows when the end is reached.
    static func syllabus(bytes: Int) -> String {
        let section = "<h3>Tuần học &amp; bài tập</h3><p>Đọc giáo trình chương một và hai trước buổi học; "
            + "nộp bài tập qua Canvas trước 23:59 thứ Sáu. Late work loses 10&nbsp;% a day &mdash; ask early.</p>"
            + "<ul><li>Lab 1: variables &lt;and&gt; types</li><li>Lab 2: điều kiện và vòng lặp</li></ul>"
        let count = max(1, bytes / section.utf8.count)
        return String(repeating: section, count: count) + "<p>\(syllabusLastLine).</p>"
    }

    /// A syllabus of about `bytes` bytes that is one paragraph: no tag from its first word to its
    /// last line, which a `<br>` keeps whole on a row of its own.
    static func paragraph(bytes: Int) -> String {
        let sentence = "Đọc giáo trình chương một và hai trước buổi học; late work loses 10&nbsp;% a day &mdash; ask early. "
        let count = max(1, bytes / sentence.utf8.count)
        return "<p>\(syllabusFirstLine) " + String(repeating: sentence, count: count) + "<br>\(syllabusLastLine).</p>"
    }

    /// Writes `count` courses to `path`; course 1 gets a syllabus of `firstSyllabus` bytes,
    /// the others one of `syllabus` bytes, each with modules and assignments.
    /// With `oneParagraph`, course 1's syllabus is a single paragraph.
    static func write(to path: String, count: Int, syllabus: Int = 300, firstSyllabus: Int? = nil, oneParagraph: Bool = false) throws {
        var text = "{\"courses\": [\n"
        text.reserveCapacity(count * (syllabus + 900))
        let body = jsonString(Self.syllabus(bytes: syllabus))
        let first = firstSyllabus.map { jsonString(oneParagraph ? Self.paragraph(bytes: $0) : Self.syllabus(bytes: $0)) } ?? body
        for index in 0..<count {
            if index > 0 { text += ",\n" }
            text += course(index, syllabus: index == 0 ? first : body, name: index == 0 && firstSyllabus != nil ? longSyllabusName : name(index))
        }
        text += "\n]}\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    private static func course(_ index: Int, syllabus: String, name: String) -> String {
        let id = index + 1
        let modules = (1...2).map { module in
            let items = (1...3).map { item in
                "{\"id\": \(id * 100 + module * 10 + item), \"title\": \"Bài \(module).\(item): đọc và làm bài tập\", \"type\": \"Page\"}"
            }
            return "{\"id\": \(id * 10 + module), \"name\": \"Tuần \(module)\", \"position\": \(module), \"items\": [\(items.joined(separator: ", "))]}"
        }
        let assignments = (1...2).map { assignment in
            "{\"id\": \(id * 10 + assignment), \"name\": \"Bài tập \(assignment)\", \"due_at\": \"2026-12-1\(assignment)T23:59:00Z\", "
                + "\"points_possible\": 10, \"submission_types\": [\"online_upload\"], \"allowed_extensions\": [\"pdf\"]}"
        }
        return "{\"id\": \(id), \"name\": \"\(name)\", \"course_code\": \"C\(id)\", \"workflow_state\": \"available\", "
            + "\"term\": {\"id\": 1, \"name\": \"Học kỳ 1\"}, \"teachers\": [{\"id\": 1, \"display_name\": \"Nguyễn Văn A\"}], "
            + "\"syllabus_body\": \(syllabus), \"modules\": [\(modules.joined(separator: ", "))], "
            + "\"assignments\": [\(assignments.joined(separator: ", "))]}"
    }

    /// `text` as a JSON string literal; the generated text needs only quotes and backslashes escaped.
    private static func jsonString(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
