import CourseKit
import HTMLText
import TextBasics

/// Reads the rubric Moodle renders into an assignment's `gradefordisplay` when it is graded by
/// rubric (gradingform_rubric's renderer, the student's view), the only place a student's token
/// can read it: each criterion's levels, the one the teacher chose (`checked`), its points and
/// the teacher's remark; after the rubric comes the grade as it would show without one.
enum MoodleRubricHTML {
    struct Reading: Equatable {
        var rubric: Rubric
        var marks: [String: RubricMark]
        /// The grade the text gives after the rubric (`85.00 / 100.00`); nil where there is none.
        var gradeText: String?
    }

    /// The rubric in `html`, or nil where it holds none (a plain grade, another grading method).
    static func read(_ html: String) -> Reading? {
        guard html.contains("gradingform_rubric") else { return nil }
        let tree = HTMLText.elementTree(html)
        guard let advanced = tree.first(where: { $0.hasClass("advancedgrade") }),
              let form = advanced.first(where: { $0.hasClass("gradingform_rubric") }) else { return nil }
        let rows = form.all { $0.name == "tr" && $0.hasClass("criterion") }
        var criteria: [Rubric.Criterion] = []
        var marks: [String: RubricMark] = [:]
        for (index, row) in rows.enumerated() {
            let id = suffix(of: row.attributes["id"], after: "-criteria-") ?? "criterion \(index + 1)"
            let levels = row.all { $0.name == "td" && $0.hasClass("level") }.enumerated().map { level($1, index: $0, html: html) }
            let description = row.first { $0.name == "td" && $0.hasClass("description") }.map { text($0, html) } ?? ""
            criteria.append(Rubric.Criterion(
                id: id, description: description, points: levels.compactMap(\.rating.points).max(), ratings: levels.map(\.rating)
            ))
            let chosen = levels.first(where: \.isChosen)?.rating
            let remark = row.first { $0.name == "td" && $0.hasClass("remark") }.map { text($0, html) }.flatMap { $0.isEmpty ? nil : $0 }
            if chosen != nil || remark != nil {
                marks[id] = RubricMark(ratingID: chosen?.id, points: chosen?.points, comments: remark)
            }
        }
        guard !criteria.isEmpty else { return nil }
        let hidesPoints = criteria.allSatisfy { $0.ratings.allSatisfy { $0.points == nil } }
        let rest = HTMLText.plainText(html, leavingOut: advanced.outer).trimming(.whitespacesAndNewlines)
        return Reading(
            rubric: Rubric(criteria: criteria, hidesPoints: hidesPoints),
            marks: marks,
            gradeText: rest.isEmpty || rest == "-" ? nil : rest
        )
    }

    /// One level: its definition and points (absent where the teacher hides points), and whether it was chosen.
    private static func level(_ cell: HTMLText.Element, index: Int, html: String) -> (rating: Rubric.Rating, isChosen: Bool) {
        let definition = cell.first { $0.hasClass("definition") }.map { text($0, html) } ?? ""
        let points = cell.first { $0.hasClass("scorevalue") }.flatMap { Double(text($0, html).replacing(",", with: ".")) }
        let id = suffix(of: cell.attributes["id"], after: "-levels-") ?? "level \(index + 1)"
        return (Rubric.Rating(id: id, description: definition, points: points), cell.hasClass("checked"))
    }

    /// An element's text on one line: a level's definition may break lines (`<br>`), a rubric's row can't.
    private static func text(_ element: HTMLText.Element, _ html: String) -> String {
        HTMLText.plainText(html, in: element.inner).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// `rubric0-criteria-12-levels-40` after `-levels-`: `40`.
    private static func suffix(of id: String?, after marker: String) -> String? {
        guard let id, let range = id.ranges(of: marker).last else { return nil }
        let rest = id[range.upperBound...].prefix { $0 != "-" }
        return rest.isEmpty ? nil : String(rest)
    }
}
