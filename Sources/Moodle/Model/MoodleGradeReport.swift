import CourseKit
import TextBasics

/// A course's grades as Moodle's user report gives them: each item's grade, weight and
/// feedback, each category's total and the course's, shown as Moodle computed them.
///
/// Moodle adds grades up by each category's own aggregation (natural, weighted mean, median,
/// …), which a student's token cannot read, so nothing here is recomputed and there is no what-if.
enum MoodleGradeReport {
    /// The report's rows as groups: a run of items in one category is a group, headed by the
    /// category's name (none for the course's own), with its total where Moodle shows one.
    static func grades(_ items: [MoodleGradeItems.Item], categoryNames: [Int: String]) -> CourseGrades {
        let courseItem = items.first { $0.itemtype == "course" }
        var runs: [(category: Int?, group: AssignmentGroup)] = []
        for item in items where item.itemtype != "course" {
            let category = item.isTotal ? item.iteminstance : item.categoryid
            if runs.last?.category != category || runs.isEmpty {
                let isCourse = category == nil || category == courseItem?.iteminstance
                let name = isCourse ? "" : category.flatMap { categoryNames[$0] } ?? "Grade category"
                runs.append((category, AssignmentGroup(id: "category \(category ?? 0) #\(runs.count)", name: name)))
            }
            if item.isTotal {
                let first = runs.firstIndex { $0.category == category } ?? runs.count - 1
                runs[first].group.reported = reported(item)
                runs[first].group.weight = item.weightraw.map { $0 * 100 }
            } else {
                runs[runs.count - 1].group.work.append(work(item))
            }
        }
        return CourseGrades(
            groups: runs.map(\.group).filter { !$0.work.isEmpty || $0.reported != nil },
            hidesTotals: hidesTotal(courseItem, items: items),
            reporter: "Moodle",
            reportedTotal: courseItem.map(reported)
        )
    }

    /// Whether the student is kept from the course total: its row is left out, or it is blank
    /// while items are graded (a total that counts hidden grades, by Moodle's default).
    private static func hidesTotal(_ total: MoodleGradeItems.Item?, items: [MoodleGradeItems.Item]) -> Bool {
        guard let total else { return true }
        return total.graderaw == nil && items.contains { !$0.isTotal && $0.graderaw != nil }
    }

    private static func work(_ item: MoodleGradeItems.Item) -> GradedWork {
        let hidden = item.graderaw == nil && (item.gradeishidden == true || item.gradehiddenbydate == true)
        let status = reportedStatus(item.status)
        return GradedWork(
            id: item.cmid.map(String.init) ?? "item \(item.id)",
            name: MoodleText.name(item.itemname) ?? "Grade item \(item.id)",
            pointsPossible: item.grademax,
            score: item.graderaw,
            grade: hidden ? nil : gradeText(item),
            isGradeHidden: hidden,
            counts: status != .excluded,
            weight: item.weightraw.map { $0 * 100 },
            reportedStatus: status,
            feedback: hidden ? nil : item.feedback.flatMap(MoodleText.name)?.trimming(.whitespacesAndNewlines)
        )
    }

    private static func reported(_ item: MoodleGradeItems.Item) -> ReportedGrade {
        ReportedGrade(
            score: item.graderaw,
            minimum: item.grademin ?? 0,
            maximum: item.grademax ?? 100,
            text: item.lettergradeformatted.flatMap(MoodleText.name).flatMap { $0 == "-" ? nil : $0 } ?? gradeText(item)
        )
    }

    /// The grade as the report writes it where that says more than the number: a scale's word,
    /// a letter; nil for a number (`85.00`, `85,00`), a percentage, or none (`-`).
    private static func gradeText(_ item: MoodleGradeItems.Item) -> String? {
        guard let text = item.gradeformatted.flatMap(MoodleText.name)?.trimming(.whitespacesAndNewlines), text != "-",
              item.graderaw != nil else { return nil }
        let number = text.replacing(",", with: ".").trimming(.whitespaces)
        let isNumber = Double(number) != nil || (number.hasSuffix("%") && Double(String(number.dropLast()).trimming(.whitespaces)) != nil)
        return isNumber ? nil : text
    }

    private static func reportedStatus(_ status: String?) -> ReportedStatus? {
        switch status {
        case "dropped": .dropped
        case "extra": .extraCredit
        case "excluded", "unused": .excluded
        default: nil
        }
    }
}
