import CourseKit
import FoundationEssentials
import TerminalUI

/// Lays out grades a backend computed itself (Moodle's user report) as it reports them: the
/// course total, each category's total and weight, and each item's grade, weight and feedback.
///
/// Nothing is recomputed: the course's aggregation is its own, so there is no what-if here.
enum ReportedGradesLayout {
    static func lines(for grades: CourseGrades, reporter: String, page: (String) -> URL?, width: Int) -> [DetailLine] {
        var lines = totalLines(grades, reporter: reporter, width: width).map(DetailLine.text)
        for group in grades.groups {
            lines.append(.blank)
            if !group.name.isEmpty || group.reported != nil {
                lines += groupLines(group, width: width).map(DetailLine.text)
            }
            lines += group.work.flatMap { work in
                workLines(work, width: width).map {
                    DetailLine.item($0, DetailItem(id: DetailItem.id(ofGrade: work.id), title: work.name, url: page(work.id)))
                }
            }
        }
        return lines
    }

    /// `Total: 85.2% (170.4/200) B · as Moodle computes it`.
    private static func totalLines(_ grades: CourseGrades, reporter: String, width: Int) -> [StyledLine] {
        guard !grades.hidesTotals, let total = grades.reportedTotal else {
            return DetailText.wrap("Total: the teacher hides the course total", width: width, style: .muted)
        }
        return DetailText.wrap("Total: " + describe(total) + " · as \(reporter) computes it", width: width, style: .plain)
    }

    /// `Homework · weight 40% · 85% (17/20)`; the course's own items have no heading line.
    private static func groupLines(_ group: AssignmentGroup, width: Int) -> [StyledLine] {
        var parts = [group.name.isEmpty ? "Course total" : group.name]
        if let weight = group.weight { parts.append("weight \(PointsText.format(weight))%") }
        if let reported = group.reported { parts.append(describe(reported)) }
        return DetailText.wrap(parts.joined(separator: " · "), width: width, style: .bold)
    }

    /// `85% (17/20) B`, or `nothing graded yet`.
    static func describe(_ grade: ReportedGrade) -> String {
        guard let score = grade.score, let percent = grade.percent else { return "nothing graded yet" }
        var text = "\(PointsText.format(percent))% (\(PointsText.format(score))/\(PointsText.format(grade.maximum)))"
        if let letter = grade.text { text += " " + letter }
        return text
    }

    /// `  Essay · 8.5/10 · weight 25% · dropped`, the teacher's feedback under it.
    private static func workLines(_ work: GradedWork, width: Int) -> [StyledLine] {
        let points = work.pointsPossible.map { "/" + PointsText.format($0) } ?? ""
        var parts = [work.name]
        if let score = work.score {
            parts.append("\(PointsText.format(score))\(points)" + (work.grade.map { " " + $0 } ?? ""))
        } else if work.isGradeHidden {
            parts.append("grade not released yet")
        } else {
            parts.append("–" + points)
        }
        // An empty grade's weight is 0 only until it is graded: saying so says nothing.
        if let weight = work.weight, work.score != nil || weight != 0 { parts.append("weight \(PointsText.format(weight))%") }
        switch work.reportedStatus {
        case .dropped: parts.append("dropped")
        case .extraCredit: parts.append("extra credit")
        case .excluded: parts.append("doesn't count toward the total")
        case nil: break
        }
        let style: Style = work.reportedStatus == .dropped || work.reportedStatus == .excluded ? .muted : .plain
        var lines = DetailText.wrap(parts.joined(separator: " · "), width: max(1, width - 2), style: style).map {
            StyledLine("  " + $0.text, style: style)
        }
        if let feedback = work.feedback {
            lines += DetailText.wrap("Feedback: " + feedback, width: max(1, width - 4), style: .muted).map {
                StyledLine("    " + $0.text, style: .muted)
            }
        }
        return lines
    }
}
