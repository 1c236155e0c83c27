import CourseKit
import FoundationEssentials
import TerminalUI

/// Lays out how a course's total is made: the total (and the what-if total beside it), then
/// each assignment group with its weight, score and drop rules, and under it each assignment's
/// released score, what-if score and the class's scores.
package enum GradesLayout {
    /// What the Grades section shows besides the grades themselves.
    struct Context {
        var whatIf: [String: Double] = [:]
        /// The last "what does this assignment need for a letter", answered with the what-if scores.
        var needed: NeededQuestion?
        /// An assignment's web page, by its ID.
        var page: (String) -> URL? = { _ in nil }
    }

    static func lines(for grades: CourseGrades, context: Context, width: Int) -> [DetailLine] {
        if let reporter = grades.reporter {
            return ReportedGradesLayout.lines(for: grades, reporter: reporter, page: context.page, width: width)
        }
        let real = GradeCalculator(grades)
        let whatIf = GradeCalculator(grades, whatIf: context.whatIf)
        var lines = totalLines(grades, real: real, whatIf: whatIf, context: context, width: width).map(DetailLine.text)
        for group in grades.groups {
            let realGrade = real.grade(of: group)
            // Without what-if scores the two grades are one: computed once.
            let whatIfGrade = context.whatIf.isEmpty ? realGrade : whatIf.grade(of: group)
            lines.append(.blank)
            lines += groupLines(group, grades: grades, real: realGrade, whatIf: whatIfGrade, width: width).map(DetailLine.text)
            lines += group.work.flatMap { work in
                workLines(work, whatIf: context.whatIf[work.id], dropped: whatIfGrade.dropped.contains(work.id), width: width).map {
                    DetailLine.item($0, DetailItem(id: DetailItem.id(ofGrade: work.id), title: work.name, url: context.page(work.id)))
                }
            }
        }
        return lines
    }

    /// `Total: 86.25% B · by weight`, the what-if total under it, and the last needed score.
    private static func totalLines(
        _ grades: CourseGrades, real: GradeCalculator, whatIf: GradeCalculator, context: Context, width: Int
    ) -> [StyledLine] {
        guard !grades.hidesTotals else {
            return DetailText.wrap("Total: the teacher hides course totals", width: width, style: .muted)
        }
        let basis = grades.weightsGroups ? "by group weight" : "by points"
        var lines = DetailText.wrap("Total: " + total(real, grades: grades) + " · " + basis, width: width, style: .plain)
        if !context.whatIf.isEmpty {
            let count = context.whatIf.count == 1 ? "1 score" : "\(context.whatIf.count) scores"
            lines += DetailText.wrap("What-if: " + total(whatIf, grades: grades) + " with \(count) of yours (W clears)", width: width, style: .accent)
        }
        if let answer = context.needed?.answer(by: whatIf) {
            lines += DetailText.wrap(answer, width: width, style: .accent)
        }
        return lines
    }

    private static func total(_ calculator: GradeCalculator, grades: CourseGrades) -> String {
        let total = calculator.total()
        guard let percent = total.percent else { return "nothing graded yet" }
        var text = PointsText.format(percent) + "%"
        if let letter = calculator.letter(for: total) { text += " " + letter }
        if !grades.weightsGroups, let score = total.score {
            text += " (\(PointsText.format(score))/\(PointsText.format(total.possible)))"
        }
        return text
    }

    /// `Homework · 40% of the total · 85% (17/20) · drops the lowest 1`.
    private static func groupLines(
        _ group: AssignmentGroup, grades: CourseGrades, real: GroupGrade, whatIf: GroupGrade, width: Int
    ) -> [StyledLine] {
        var parts = [group.name]
        if grades.weightsGroups {
            parts.append("\(PointsText.format(group.weight ?? 0))% of the total")
        }
        if !grades.hidesTotals {
            parts.append(score(real))
            if whatIf != real {
                parts.append("what-if " + score(whatIf))
            }
        }
        parts += rules(group.rules)
        return DetailText.wrap(parts.joined(separator: " · "), width: width, style: .bold)
    }

    private static func score(_ grade: GroupGrade) -> String {
        guard let percent = grade.percent else { return "nothing graded yet" }
        return "\(PointsText.format(percent))% (\(PointsText.format(grade.score))/\(PointsText.format(grade.possible)))"
    }

    private static func rules(_ rules: DropRules) -> [String] {
        var parts: [String] = []
        if rules.dropLowest > 0 { parts.append("drops the lowest \(rules.dropLowest)") }
        if rules.dropHighest > 0 { parts.append("drops the highest \(rules.dropHighest)") }
        if rules.dropsAny, !rules.neverDrop.isEmpty { parts.append("\(rules.neverDrop.count) never dropped") }
        return parts
    }

    /// `  Essay · 8.5/10 B · dropped · class: mean 7.1, low 3, high 10`.
    private static func workLines(_ work: GradedWork, whatIf: Double?, dropped: Bool, width: Int) -> [StyledLine] {
        let points = work.pointsPossible.map { "/" + PointsText.format($0) } ?? ""
        var parts = [work.name]
        if let whatIf {
            parts.append("what-if \(PointsText.format(whatIf))\(points)")
        } else if work.isExcused {
            parts.append("excused")
        } else if let score = work.score {
            parts.append("\(PointsText.format(score))\(points)" + (work.grade.map { grade in Self.isPoints(grade, score) ? "" : " " + grade } ?? ""))
        } else if work.isGradeHidden {
            parts.append("grade not released yet")
        } else {
            parts.append("–" + points)
        }
        if work.isPendingReview, whatIf == nil { parts.append("waiting for review") }
        if !work.counts { parts.append("doesn't count toward the total") }
        if dropped { parts.append("dropped") }
        if let statistics = work.statistics {
            parts.append("class: mean \(PointsText.format(statistics.mean)), low \(PointsText.format(statistics.low)), high \(PointsText.format(statistics.high))")
        }
        let style: Style = whatIf != nil ? .accent : (dropped || !work.counts ? .muted : .plain)
        return DetailText.wrap(parts.joined(separator: " · "), width: max(1, width - 2), style: style).map {
            StyledLine("  " + $0.text, style: style)
        }
    }

    /// Whether a grade only repeats the score (`17` for 17 points).
    private static func isPoints(_ grade: String, _ score: Double) -> Bool {
        Double(grade) == score || grade == PointsText.format(score)
    }
}

extension DetailItem {
    /// The ID of the Grades section's row of the assignment whose own ID is `id`.
    static func id(ofGrade id: String) -> String {
        "grade \(id)"
    }
}
